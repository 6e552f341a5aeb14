/**
 * The byte helpers every layer shares: unpadded base64url (RFC 4648 §5, strict on input), hex, SHA-256,
 * constant-time comparison, and Node's own crypto module where the runtime has one.
 *
 * `node:crypto` is fetched without an import, so bundles for other runtimes are unchanged. On Node every
 * `crypto.subtle` call is queued to the libuv thread pool; for the few hundred bytes of a session cookie that hop
 * costs several times the work, so the hot paths (the session token's HMAC and AES, the CSRF hash) run
 * synchronously here when they can.
 */

const encoder = new TextEncoder();

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

export function randomHex(byteLength: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(byteLength)));
}

export async function sha256Hex(value: string): Promise<string> {
  const native = nativeCrypto();
  if (native) return native.createHash("sha256").update(value).digest("hex");
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(value))));
}

/** Compares two byte arrays in time that depends only on their lengths. */
export function bytesEqualInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

/** Compares two strings in time that depends only on their lengths. */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let diff = left.length ^ right.length;
  for (let i = 0; i < left.length; i++) diff |= left[i] ^ (right[i % (right.length || 1)] ?? 0);
  return diff === 0;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Char code → 6-bit value, or INVALID for characters outside the alphabet. */
const INVALID = 0x40;
const VALUES = (() => {
  const table = new Uint8Array(128).fill(INVALID);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

export function encodeBase64url(bytes: Uint8Array): string {
  let out = "";
  const whole = bytes.length - (bytes.length % 3);
  for (let i = 0; i < whole; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
  }
  const rest = bytes.length - whole;
  if (rest === 1) {
    const n = bytes[whole] << 16;
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63];
  } else if (rest === 2) {
    const n = (bytes[whole] << 16) | (bytes[whole + 1] << 8);
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63];
  }
  return out;
}

/**
 * Decodes `text`, or returns undefined when it is not canonical base64url: a character outside the
 * alphabet, a length of 1 mod 4, or non-zero trailing bits (which would let two strings mean the same bytes).
 */
export function decodeBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  const tail = text.length % 4;
  if (tail === 1) return undefined;
  const out = new Uint8Array(((text.length - tail) / 4) * 3 + (tail === 0 ? 0 : tail - 1));
  let o = 0;
  let i = 0;
  const whole = text.length - tail;
  for (; i < whole; i += 4) {
    const a = sextet(text, i),
      b = sextet(text, i + 1),
      c = sextet(text, i + 2),
      d = sextet(text, i + 3);
    if ((a | b | c | d) & INVALID) return undefined;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 0xff;
    out[o++] = n & 0xff;
  }
  if (tail === 2) {
    const a = sextet(text, i),
      b = sextet(text, i + 1);
    if ((a | b) & INVALID || b & 0x0f) return undefined;
    out[o] = (a << 2) | (b >> 4);
  } else if (tail === 3) {
    const a = sextet(text, i),
      b = sextet(text, i + 1),
      c = sextet(text, i + 2);
    if ((a | b | c) & INVALID || c & 0x03) return undefined;
    const n = (a << 12) | (b << 6) | c;
    out[o++] = n >> 10;
    out[o] = (n >> 2) & 0xff;
  }
  return out;
}

/** The 6-bit value at `index`, or INVALID. */
function sextet(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code < 128 ? VALUES[code] : INVALID;
}

export interface NativeKey {
  readonly type: string;
}

interface Digest {
  update(data: Uint8Array | string): Digest;
  digest(): Uint8Array;
  digest(encoding: "hex"): string;
}

interface Cipher {
  update(data: Uint8Array): Uint8Array;
  final(): Uint8Array;
}

/** Node's scrypt options; `maxmem` must exceed 128 · N · r bytes. */
export interface ScryptOptions {
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

export interface NativeCrypto {
  scrypt(
    password: Uint8Array,
    salt: Uint8Array,
    keylen: number,
    options: ScryptOptions,
    done: (error: Error | null, key: Uint8Array) => void,
  ): void;
  createSecretKey(key: Uint8Array): NativeKey;
  createHash(algorithm: "sha256"): Digest;
  createHmac(algorithm: "sha512", key: NativeKey): Digest;
  createCipheriv(algorithm: "aes-256-cbc", key: NativeKey, iv: Uint8Array): Cipher;
  createDecipheriv(algorithm: "aes-256-cbc", key: NativeKey, iv: Uint8Array): Cipher;
}

type Runtime = { EdgeRuntime?: unknown; process?: { getBuiltinModule?(id: string): unknown } };

/**
 * The runtime's `node:crypto`, or null where there is none (browsers, workerd without nodejs_compat, Edge).
 * Looked up at each use, never at module load: Next.js's Edge sandbox (which sets `EdgeRuntime`) gives
 * `process` functions that throw when called, and a module that throws while loading breaks every page.
 * Not kept either, so that the process holds no state: the lookup costs about 0.3 µs on Node, a tenth of
 * the SHA-256 it serves; the session codec's keys keep theirs per instance.
 */
export function nativeCrypto(): NativeCrypto | null {
  const runtime = globalThis as Runtime;
  if (runtime.EdgeRuntime !== undefined) return null;
  try {
    return (runtime.process?.getBuiltinModule?.("node:crypto") as NativeCrypto | undefined) ?? null;
  } catch {
    return null;
  }
}

/** AES-256-CBC with PKCS#7 padding. */
export function nativeAesCbc(
  native: NativeCrypto,
  direction: "encrypt" | "decrypt",
  key: NativeKey,
  iv: Uint8Array,
  data: Uint8Array,
) {
  const cipher =
    direction === "encrypt" ? native.createCipheriv("aes-256-cbc", key, iv) : native.createDecipheriv("aes-256-cbc", key, iv);
  const head = cipher.update(data);
  const tail = cipher.final();
  const out = new Uint8Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}

export function nativeHmacSha512(native: NativeCrypto, key: NativeKey, data: Uint8Array): Uint8Array {
  return native.createHmac("sha512", key).update(data).digest();
}
