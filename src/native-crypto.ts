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

export interface NativeCrypto {
  KeyObject: { from(key: CryptoKey): NativeKey };
  createHash(algorithm: "sha256"): Digest;
  createHmac(algorithm: "sha512", key: NativeKey): Digest;
  createCipheriv(algorithm: "aes-256-cbc", key: NativeKey, iv: Uint8Array): Cipher;
  createDecipheriv(algorithm: "aes-256-cbc", key: NativeKey, iv: Uint8Array): Cipher;
}

type WithBuiltins = { process?: { getBuiltinModule?(id: string): unknown } };

export const nativeCrypto = ((globalThis as WithBuiltins).process?.getBuiltinModule?.("node:crypto") as NativeCrypto | undefined) ?? null;
