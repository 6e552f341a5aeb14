/**
 * Node's own crypto module, where the runtime has one (Node, Bun, Deno), fetched without an import so
 * bundles for other runtimes are unchanged. On Node every `crypto.subtle` call is queued to the libuv
 * thread pool; for the few hundred bytes of a session cookie that hop costs several times the work, so
 * the hot paths (the session token's HMAC and AES, the CSRF hash) run synchronously here when they can.
 */

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
