/**
 * Argon2's compression function G over 1 KiB blocks (RFC 9106, section 3.5–3.6): BLAKE2b's round with its
 * additions replaced by BlaMka's multiply-add, over the rows and then the columns of the block seen as an 8×8
 * matrix of 16-byte registers. A block is 256 32-bit words, the 64-bit words as little-endian halves; this runs
 * a few hundred thousand times per hash, so it works on the words in place with plain integer arithmetic.
 */

export const BLOCK_WORDS = 256;

/** The high 32 bits of the 64-bit product of two 32-bit numbers. */
export function mulHigh(a: number, b: number): number {
  const a0 = a & 0xffff;
  const a1 = a >>> 16;
  const b0 = b & 0xffff;
  const b1 = b >>> 16;
  // each partial sum stays below 2^32, so >>> takes its high bits
  const t1 = a1 * b0 + ((a0 * b0) >>> 16);
  const t2 = a0 * b1 + (t1 & 0xffff);
  return a1 * b1 + (t1 >>> 16) + (t2 >>> 16);
}

/**
 * BLAKE2b's G with BlaMka's x + y + 2 · low32(x) · low32(y) for each addition, on the 64-bit words whose low
 * halves are at v[a], v[b], v[c], v[d]. The eight halves are held in locals, which the engine keeps in registers, so
 * the four multiply-adds are written out rather than called: a call cannot hand back two halves without an object.
 */
function gb(v: Uint32Array, a: number, b: number, c: number, d: number): void {
  let al = v[a] | 0;
  let ah = v[a + 1] | 0;
  let bl = v[b] | 0;
  let bh = v[b + 1] | 0;
  let cl = v[c] | 0;
  let ch = v[c + 1] | 0;
  let dl = v[d] | 0;
  let dh = v[d + 1] | 0;
  let p: number;
  let q: number;
  let t: number;
  p = Math.imul(al, bl);
  q = mulHigh(al, bl);
  t = (al >>> 0) + (bl >>> 0) + ((p << 1) >>> 0);
  ah = (ah + bh + ((q << 1) | (p >>> 31)) + ((t / 0x100000000) | 0)) | 0;
  al = t | 0;
  // d = (d ^ a) >>> 32
  t = dl ^ al;
  dl = dh ^ ah;
  dh = t;
  p = Math.imul(cl, dl);
  q = mulHigh(cl, dl);
  t = (cl >>> 0) + (dl >>> 0) + ((p << 1) >>> 0);
  ch = (ch + dh + ((q << 1) | (p >>> 31)) + ((t / 0x100000000) | 0)) | 0;
  cl = t | 0;
  // b = (b ^ c) >>> 24
  bl ^= cl;
  bh ^= ch;
  t = (bl >>> 24) | (bh << 8);
  bh = (bh >>> 24) | (bl << 8);
  bl = t;
  p = Math.imul(al, bl);
  q = mulHigh(al, bl);
  t = (al >>> 0) + (bl >>> 0) + ((p << 1) >>> 0);
  ah = (ah + bh + ((q << 1) | (p >>> 31)) + ((t / 0x100000000) | 0)) | 0;
  al = t | 0;
  // d = (d ^ a) >>> 16
  dl ^= al;
  dh ^= ah;
  t = (dl >>> 16) | (dh << 16);
  dh = (dh >>> 16) | (dl << 16);
  dl = t;
  p = Math.imul(cl, dl);
  q = mulHigh(cl, dl);
  t = (cl >>> 0) + (dl >>> 0) + ((p << 1) >>> 0);
  ch = (ch + dh + ((q << 1) | (p >>> 31)) + ((t / 0x100000000) | 0)) | 0;
  cl = t | 0;
  // b = (b ^ c) >>> 63
  bl ^= cl;
  bh ^= ch;
  t = (bl << 1) | (bh >>> 31);
  bh = (bh << 1) | (bl >>> 31);
  bl = t;
  v[a] = al;
  v[a + 1] = ah;
  v[b] = bl;
  v[b + 1] = bh;
  v[c] = cl;
  v[c + 1] = ch;
  v[d] = dl;
  v[d + 1] = dh;
}

/** The permutation P over sixteen 64-bit words of `v`, at the 32-bit offsets in `at`. */
function permute(v: Uint32Array, at: Int32Array): void {
  gb(v, at[0], at[4], at[8], at[12]);
  gb(v, at[1], at[5], at[9], at[13]);
  gb(v, at[2], at[6], at[10], at[14]);
  gb(v, at[3], at[7], at[11], at[15]);
  gb(v, at[0], at[5], at[10], at[15]);
  gb(v, at[1], at[6], at[11], at[12]);
  gb(v, at[2], at[7], at[8], at[13]);
  gb(v, at[3], at[4], at[9], at[14]);
}

/** Row i holds 64-bit words 16i to 16i + 15; column j the registers j, j + 8, …, j + 56 (two words each). */
const rows = Array.from({ length: 8 }, (_, i) => Int32Array.from({ length: 16 }, (_, k) => 32 * i + 2 * k));
const columns = Array.from({ length: 8 }, (_, j) =>
  Int32Array.from({ length: 16 }, (_, k) => 4 * j + 32 * (k >> 1) + 2 * (k & 1)),
);

/** Scratch space for compress(), made once per hash. */
export interface BlockWork {
  r: Uint32Array;
  q: Uint32Array;
}

export const blockWork = (): BlockWork => ({ r: new Uint32Array(BLOCK_WORDS), q: new Uint32Array(BLOCK_WORDS) });

/**
 * out = G(X, Y), or G(X, Y) XOR out when `xorOut` (version 0x13's later passes); each block given as an array and
 * the offset of its first word.
 */
export function compress(
  x: Uint32Array,
  xAt: number,
  y: Uint32Array,
  yAt: number,
  out: Uint32Array,
  outAt: number,
  xorOut: boolean,
  { r, q }: BlockWork,
): void {
  for (let i = 0; i < BLOCK_WORDS; i++) {
    const value = x[xAt + i] ^ y[yAt + i];
    q[i] = value;
    r[i] = xorOut ? value ^ out[outAt + i] : value;
  }
  for (const row of rows) permute(q, row);
  for (const column of columns) permute(q, column);
  for (let i = 0; i < BLOCK_WORDS; i++) out[outAt + i] = q[i] ^ r[i];
}
