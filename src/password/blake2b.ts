/**
 * BLAKE2b (RFC 7693), unkeyed, with any output length from 1 to 64 bytes, and the long hash H' that argon2
 * builds on it (RFC 9106, section 3.3). 64-bit words are held as little-endian pairs of 32-bit halves.
 */

const IV = new Uint32Array([
  0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a, 0xade682d1, 0x510e527f,
  0x2b3e6c1f, 0x9b05688c, 0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19,
]);

const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

/** v[a] += v[b] + m[x], on the 64-bit words at those word indexes. */
function add3(v: Uint32Array, a: number, b: number, m: Uint32Array, x: number): void {
  const lo = v[2 * a] + v[2 * b] + m[2 * x];
  v[2 * a + 1] = v[2 * a + 1] + v[2 * b + 1] + m[2 * x + 1] + ((lo / 0x100000000) | 0);
  v[2 * a] = lo;
}

/** v[d] = (v[d] ^ v[a]) rotated right by `bits` (16, 24, 32 or 63). */
function xorRotate(v: Uint32Array, d: number, a: number, bits: number): void {
  const lo = v[2 * d] ^ v[2 * a];
  const hi = v[2 * d + 1] ^ v[2 * a + 1];
  if (bits === 32) {
    v[2 * d] = hi;
    v[2 * d + 1] = lo;
  } else if (bits === 63) {
    v[2 * d] = (lo << 1) | (hi >>> 31);
    v[2 * d + 1] = (hi << 1) | (lo >>> 31);
  } else {
    v[2 * d] = (lo >>> bits) | (hi << (32 - bits));
    v[2 * d + 1] = (hi >>> bits) | (lo << (32 - bits));
  }
}

function mix(v: Uint32Array, a: number, b: number, c: number, d: number, m: Uint32Array, x: number, y: number): void {
  add3(v, a, b, m, x);
  xorRotate(v, d, a, 32);
  add3(v, c, d, m, 16);
  xorRotate(v, b, c, 24);
  add3(v, a, b, m, y);
  xorRotate(v, d, a, 16);
  add3(v, c, d, m, 16);
  xorRotate(v, b, c, 63);
}

/** The compression function F over one 128-byte block `m` (with two zero words after it, at word 16). */
function compress(h: Uint32Array, m: Uint32Array, counted: number, last: boolean, v: Uint32Array): void {
  v.set(h);
  v.set(IV, 16);
  v[24] ^= counted >>> 0;
  v[25] ^= Math.floor(counted / 0x100000000);
  if (last) {
    v[28] = ~v[28];
    v[29] = ~v[29];
  }
  for (let round = 0; round < 12; round++) {
    const s = SIGMA[round % 10];
    mix(v, 0, 4, 8, 12, m, s[0], s[1]);
    mix(v, 1, 5, 9, 13, m, s[2], s[3]);
    mix(v, 2, 6, 10, 14, m, s[4], s[5]);
    mix(v, 3, 7, 11, 15, m, s[6], s[7]);
    mix(v, 0, 5, 10, 15, m, s[8], s[9]);
    mix(v, 1, 6, 11, 12, m, s[10], s[11]);
    mix(v, 2, 7, 8, 13, m, s[12], s[13]);
    mix(v, 3, 4, 9, 14, m, s[14], s[15]);
  }
  for (let i = 0; i < 16; i++) h[i] ^= v[i] ^ v[i + 16];
}

/** BLAKE2b of `input` with an output of `length` bytes (1 to 64). */
export function blake2b(input: Uint8Array, length = 64): Uint8Array {
  if (!Number.isInteger(length) || length < 1 || length > 64) throw new RangeError("BLAKE2b gives 1 to 64 bytes.");
  const h = IV.slice();
  h[0] ^= 0x01010000 ^ length;
  // the message words with two zero words after them, which mix() adds where RFC 7693 adds c and d alone
  const m = new Uint32Array(34);
  const bytes = new Uint8Array(m.buffer, 0, 128);
  const view = new DataView(m.buffer);
  const v = new Uint32Array(32);
  const blocks = Math.max(1, Math.ceil(input.length / 128));
  for (let block = 0; block < blocks; block++) {
    const chunk = input.subarray(block * 128, block * 128 + 128);
    bytes.fill(0);
    bytes.set(chunk);
    for (let i = 0; i < 32; i++) m[i] = view.getUint32(i * 4, true);
    compress(h, m, block * 128 + chunk.length, block === blocks - 1, v);
  }
  const out = new Uint8Array(length);
  const outView = new DataView(new ArrayBuffer(64));
  for (let i = 0; i < 16; i++) outView.setUint32(i * 4, h[i], true);
  out.set(new Uint8Array(outView.buffer, 0, length));
  return out;
}

/** Argon2's variable-length hash H': `length` bytes (any number) from `input`, BLAKE2b-512 chained. */
export function blake2bLong(input: Uint8Array, length: number): Uint8Array {
  const prefixed = new Uint8Array(4 + input.length);
  new DataView(prefixed.buffer).setUint32(0, length, true);
  prefixed.set(input, 4);
  if (length <= 64) return blake2b(prefixed, length);
  const out = new Uint8Array(length);
  let v = blake2b(prefixed);
  let at = 0;
  while (length - at > 64) {
    out.set(v.subarray(0, 32), at);
    at += 32;
    v = blake2b(v, Math.min(64, length - at));
  }
  out.set(v, at);
  return out;
}
