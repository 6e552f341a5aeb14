/**
 * scrypt (RFC 7914). Node, Bun and Deno run it natively; elsewhere (workerd without nodejs_compat) this
 * file's own ROMix over Salsa20/8 runs, with PBKDF2-HMAC-SHA-256 from Web Crypto around it.
 */
import { nativeCrypto } from "../crypto.js";

export interface ScryptParams {
  /** log2 of the cost N. */
  ln: number;
  r: number;
  p: number;
}

async function pbkdf2Sha256(password: Uint8Array, salt: Uint8Array, length: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", password as BufferSource, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations: 1 },
    key,
    length * 8,
  );
  return new Uint8Array(bits);
}

const rotl = (a: number, b: number) => (a << b) | (a >>> (32 - b));

/** Salsa20/8 of `b` (16 words) in place. */
function salsa208(b: Uint32Array, x: Uint32Array): void {
  x.set(b);
  for (let i = 0; i < 8; i += 2) {
    x[4] ^= rotl(x[0] + x[12], 7);
    x[8] ^= rotl(x[4] + x[0], 9);
    x[12] ^= rotl(x[8] + x[4], 13);
    x[0] ^= rotl(x[12] + x[8], 18);
    x[9] ^= rotl(x[5] + x[1], 7);
    x[13] ^= rotl(x[9] + x[5], 9);
    x[1] ^= rotl(x[13] + x[9], 13);
    x[5] ^= rotl(x[1] + x[13], 18);
    x[14] ^= rotl(x[10] + x[6], 7);
    x[2] ^= rotl(x[14] + x[10], 9);
    x[6] ^= rotl(x[2] + x[14], 13);
    x[10] ^= rotl(x[6] + x[2], 18);
    x[3] ^= rotl(x[15] + x[11], 7);
    x[7] ^= rotl(x[3] + x[15], 9);
    x[11] ^= rotl(x[7] + x[3], 13);
    x[15] ^= rotl(x[11] + x[7], 18);
    x[1] ^= rotl(x[0] + x[3], 7);
    x[2] ^= rotl(x[1] + x[0], 9);
    x[3] ^= rotl(x[2] + x[1], 13);
    x[0] ^= rotl(x[3] + x[2], 18);
    x[6] ^= rotl(x[5] + x[4], 7);
    x[7] ^= rotl(x[6] + x[5], 9);
    x[4] ^= rotl(x[7] + x[6], 13);
    x[5] ^= rotl(x[4] + x[7], 18);
    x[11] ^= rotl(x[10] + x[9], 7);
    x[8] ^= rotl(x[11] + x[10], 9);
    x[9] ^= rotl(x[8] + x[11], 13);
    x[10] ^= rotl(x[9] + x[8], 18);
    x[12] ^= rotl(x[15] + x[14], 7);
    x[13] ^= rotl(x[12] + x[15], 9);
    x[14] ^= rotl(x[13] + x[12], 13);
    x[15] ^= rotl(x[14] + x[13], 18);
  }
  for (let i = 0; i < 16; i++) b[i] = (b[i] + x[i]) | 0;
}

/** BlockMix of the 2r blocks of `b` into `y` (even blocks first, then odd ones). */
function blockMix(b: Uint32Array, y: Uint32Array, r: number, x: Uint32Array, t: Uint32Array): void {
  t.set(b.subarray((2 * r - 1) * 16, 2 * r * 16));
  for (let i = 0; i < 2 * r; i++) {
    for (let j = 0; j < 16; j++) t[j] ^= b[i * 16 + j];
    salsa208(t, x);
    y.set(t, ((i & 1) * r + (i >> 1)) * 16);
  }
}

function roMix(block: Uint32Array, n: number, r: number): void {
  const words = 32 * r;
  const v = new Uint32Array(words * n);
  const y = new Uint32Array(words);
  const x = new Uint32Array(16);
  const t = new Uint32Array(16);
  for (let i = 0; i < n; i++) {
    v.set(block, i * words);
    blockMix(block, y, r, x, t);
    block.set(y);
  }
  for (let i = 0; i < n; i++) {
    const j = block[(2 * r - 1) * 16] & (n - 1);
    for (let k = 0; k < words; k++) block[k] ^= v[j * words + k];
    blockMix(block, y, r, x, t);
    block.set(y);
  }
}

function littleEndianWords(bytes: Uint8Array): Uint32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const words = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < words.length; i++) words[i] = view.getUint32(i * 4, true);
  return words;
}

function wordsToBytes(words: Uint32Array, into: Uint8Array): void {
  const view = new DataView(into.buffer, into.byteOffset, into.byteLength);
  for (let i = 0; i < words.length; i++) view.setUint32(i * 4, words[i], true);
}

/** scrypt in JavaScript, for runtimes without node:crypto. */
export async function scryptInJs(password: Uint8Array, salt: Uint8Array, params: ScryptParams, length: number) {
  const { r, p } = params;
  const blockBytes = 128 * r;
  const b = await pbkdf2Sha256(password, salt, p * blockBytes);
  for (let i = 0; i < p; i++) {
    const block = b.subarray(i * blockBytes, (i + 1) * blockBytes);
    const words = littleEndianWords(block);
    roMix(words, 2 ** params.ln, r);
    wordsToBytes(words, block);
  }
  return pbkdf2Sha256(password, b, length);
}

/** scrypt, natively where the runtime has node:crypto. */
export function scrypt(password: Uint8Array, salt: Uint8Array, params: ScryptParams, length: number): Promise<Uint8Array> {
  const native = nativeCrypto();
  if (!native || typeof native.scrypt !== "function") return scryptInJs(password, salt, params, length);
  const n = 2 ** params.ln;
  const options = { N: n, r: params.r, p: params.p, maxmem: 129 * n * params.r * params.p + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    native.scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(new Uint8Array(key)))),
  );
}
