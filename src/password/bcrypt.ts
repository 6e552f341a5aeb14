/**
 * bcrypt (`$2a$`, `$2b$`, `$2y$`), verify only, for hashes imported from an app's own Credentials code: the
 * EksBlowfish setup over Blowfish's π-derived tables, then "OrpheanBeholderScryDoubt" encrypted 64 times. The
 * password's UTF-8 with its terminating NUL, cut at 72 bytes, is the key, as OpenBSD's bcrypt reads it.
 */
import { bytesEqualInConstantTime } from "../crypto.js";
import { piWords } from "./pi-words.js";

const ALPHABET = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** Above this cost (2^16 rounds) a stored hash is refused rather than run. */
const MAX_COST = 16;
const ROUNDS = 16;

/** bcrypt's own base64 (its alphabet, no padding) to `length` bytes, or undefined. */
function decode(text: string, length: number): Uint8Array | undefined {
  const out = new Uint8Array(length);
  let bits = 0;
  let value = 0;
  let o = 0;
  for (const char of text) {
    const sextet = ALPHABET.indexOf(char);
    if (sextet < 0) return undefined;
    value = (value << 6) | sextet;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (o < length) out[o++] = (value >> bits) & 0xff;
    }
  }
  return o === length ? out : undefined;
}

interface Blowfish {
  p: Uint32Array;
  s: Uint32Array;
}

function encipher({ p, s }: Blowfish, data: Uint32Array, at: number): void {
  let l = data[at] ^ p[0];
  let r = data[at + 1];
  for (let i = 0; i < ROUNDS; i += 2) {
    r ^=
      ((((s[l >>> 24] + s[0x100 | ((l >>> 16) & 0xff)]) ^ s[0x200 | ((l >>> 8) & 0xff)]) + s[0x300 | (l & 0xff)]) ^ p[i + 1]) >>>
      0;
    l ^=
      ((((s[r >>> 24] + s[0x100 | ((r >>> 16) & 0xff)]) ^ s[0x200 | ((r >>> 8) & 0xff)]) + s[0x300 | (r & 0xff)]) ^ p[i + 2]) >>>
      0;
  }
  data[at] = (r ^ p[ROUNDS + 1]) >>> 0;
  data[at + 1] = l >>> 0;
}

/** Reads the next big-endian word of `bytes`, cycling; `at` is the position, carried between calls. */
function nextWord(bytes: Uint8Array, at: { i: number }): number {
  let word = 0;
  for (let k = 0; k < 4; k++) {
    word = (word << 8) | bytes[at.i];
    at.i = (at.i + 1) % bytes.length;
  }
  return word >>> 0;
}

/** Blowfish's key schedule, mixing `salt` into each block when given (EksBlowfish's expensive key schedule). */
function expand(state: Blowfish, key: Uint8Array, salt?: Uint8Array): void {
  const keyAt = { i: 0 };
  for (let i = 0; i < state.p.length; i++) state.p[i] = (state.p[i] ^ nextWord(key, keyAt)) >>> 0;
  const block = new Uint32Array(2);
  const saltAt = { i: 0 };
  for (const table of [state.p, state.s]) {
    for (let i = 0; i < table.length; i += 2) {
      if (salt) {
        block[0] ^= nextWord(salt, saltAt);
        block[1] ^= nextWord(salt, saltAt);
      }
      encipher(state, block, 0);
      table[i] = block[0];
      table[i + 1] = block[1];
    }
  }
}

function bcryptHash(key: Uint8Array, salt: Uint8Array, cost: number): Uint8Array {
  const pi = piWords(18 + 1024);
  const state: Blowfish = { p: pi.slice(0, 18), s: pi.slice(18) };
  expand(state, key, salt);
  for (let i = 0; i < 2 ** cost; i++) {
    expand(state, key);
    expand(state, salt);
  }
  const text = new TextEncoder().encode("OrpheanBeholderScryDoubt");
  const data = new Uint32Array(6);
  const at = { i: 0 };
  for (let i = 0; i < 6; i++) data[i] = nextWord(text, at);
  for (let i = 0; i < 64; i++) for (let j = 0; j < 6; j += 2) encipher(state, data, j);
  const out = new Uint8Array(24);
  new DataView(out.buffer).setUint32(0, 0);
  for (let i = 0; i < 6; i++) new DataView(out.buffer).setUint32(i * 4, data[i]);
  return out.subarray(0, 23);
}

/** True or false for a bcrypt hash; undefined when `stored` is no bcrypt hash this reads. */
export function verifyBcrypt(stored: string, password: Uint8Array): boolean | undefined {
  const match = /^\$2[aby]\$(\d\d)\$([./A-Za-z0-9]{22})([./A-Za-z0-9]{31})$/.exec(stored);
  if (!match) return undefined;
  const cost = Number(match[1]);
  const salt = decode(match[2], 16);
  const hash = decode(match[3], 23);
  if (cost < 4 || cost > MAX_COST || !salt || !hash) return undefined;
  const key = new Uint8Array(Math.min(password.length + 1, 72));
  key.set(password.subarray(0, key.length));
  return bytesEqualInConstantTime(bcryptHash(key, salt, cost), hash);
}
