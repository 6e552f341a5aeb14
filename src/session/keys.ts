import {
  encodeBase64url,
  bytesEqualInConstantTime,
  nativeAesCbc,
  nativeCrypto,
  nativeHmacSha512,
  type NativeCrypto,
  type NativeKey,
} from "../crypto.js";

/** The JWE content encryption algorithms a session token may use. Tokens are issued with the first. */
export const CONTENT_ENCRYPTIONS = ["A256CBC-HS512", "A256GCM"] as const;
export type ContentEncryption = (typeof CONTENT_ENCRYPTIONS)[number];

interface KeyBase {
  /** RFC 7638 thumbprint of the derived key as an `oct` JWK; the `kid` header of tokens it encrypts. */
  kid: string;
}

/** RFC 7518 §5.2: the 64-byte key splits into MAC_KEY (first half) and ENC_KEY (second half). */
export interface CbcHmacKey extends KeyBase {
  enc: "A256CBC-HS512";
  macKey: CryptoKey;
  encKey: CryptoKey;
  /** The same two keys for the runtime's synchronous crypto, where it has one. */
  native?: { crypto: NativeCrypto; macKey: NativeKey; encKey: NativeKey };
}

export interface GcmKey extends KeyBase {
  enc: "A256GCM";
  key: CryptoKey;
}

export type ContentKey = CbcHmacKey | GcmKey;
type KeyFor<E extends ContentEncryption> = Extract<ContentKey, { enc: E }>;

const utf8 = new TextEncoder();

/**
 * Derives the key for one secret and salt as the reference does: HKDF-SHA256 with the secret as input
 * keying material, the salt (the cookie name) as salt, and "Auth.js Generated Encryption Key (<salt>)" as info.
 */
export async function deriveContentKey<E extends ContentEncryption>(
  enc: E,
  secret: string,
  salt: string,
  native: NativeCrypto | null = nativeCrypto(),
): Promise<KeyFor<E>> {
  const length = enc === "A256CBC-HS512" ? 64 : 32;
  const ikm = await crypto.subtle.importKey("raw", utf8.encode(secret), "HKDF", false, ["deriveBits"]);
  const hkdf = {
    name: "HKDF",
    hash: "SHA-256",
    salt: utf8.encode(salt),
    info: utf8.encode(`Auth.js Generated Encryption Key (${salt})`),
  };
  const bytes = new Uint8Array(await crypto.subtle.deriveBits(hkdf, ikm, length * 8));
  try {
    const kid = await thumbprint(bytes);
    if (enc === "A256GCM") {
      const key = await crypto.subtle.importKey("raw", bytes, "AES-GCM", false, ["encrypt", "decrypt"]);
      return { enc: "A256GCM", kid, key } as KeyFor<E>;
    }
    const [macKey, encKey] = await Promise.all([
      crypto.subtle.importKey("raw", bytes.subarray(0, 32), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]),
      crypto.subtle.importKey("raw", bytes.subarray(32), "AES-CBC", false, ["encrypt", "decrypt"]),
    ]);
    const nativeKeys = native ? await nativeHandles(native, bytes, macKey, encKey) : undefined;
    return { enc: "A256CBC-HS512", kid, macKey, encKey, native: nativeKeys } as KeyFor<E>;
  } finally {
    bytes.fill(0);
  }
}

/**
 * The runtime's synchronous handles on the two keys, kept only when they give what crypto.subtle gives
 * for a probe block: a runtime's `node:crypto` may lack a cipher or keep keys differently (workerd's
 * nodejs_compat, for one), and a session must never depend on that.
 */
async function nativeHandles(native: NativeCrypto, bytes: Uint8Array, macKey: CryptoKey, encKey: CryptoKey) {
  const probe = new Uint8Array(16).fill(0x5a);
  const iv = new Uint8Array(16);
  try {
    const handles = {
      crypto: native,
      macKey: native.createSecretKey(bytes.subarray(0, 32)),
      encKey: native.createSecretKey(bytes.subarray(32)),
    };
    const [mac, sealed] = await Promise.all([
      crypto.subtle.sign("HMAC", macKey, probe),
      crypto.subtle.encrypt({ name: "AES-CBC", iv }, encKey, probe),
    ]);
    const nativeSealed = nativeAesCbc(native, "encrypt", handles.encKey, iv, probe);
    const agree =
      bytesEqualInConstantTime(new Uint8Array(mac), nativeHmacSha512(native, handles.macKey, probe)) &&
      bytesEqualInConstantTime(new Uint8Array(sealed), nativeSealed) &&
      bytesEqualInConstantTime(nativeAesCbc(native, "decrypt", handles.encKey, iv, nativeSealed), probe);
    return agree ? handles : undefined;
  } catch {
    return undefined;
  }
}

/**
 * RFC 7638 thumbprint of `{kty: "oct", k}`. The reference hashes with the SHA variant matching the key
 * size in bits (SHA-512 for the 64-byte key, SHA-256 for the 32-byte one), so the kid must too.
 */
async function thumbprint(key: Uint8Array): Promise<string> {
  const hash = key.length === 64 ? "SHA-512" : "SHA-256";
  const members = `{"k":"${encodeBase64url(key)}","kty":"oct"}`;
  return encodeBase64url(new Uint8Array(await crypto.subtle.digest(hash, utf8.encode(members))));
}

export interface Keyring {
  get<E extends ContentEncryption>(enc: E, secret: string, salt: string): Promise<KeyFor<E>>;
}

/**
 * A cache of derived, imported keys, so each (algorithm, secret, salt) is derived once. Apps use a
 * handful of secrets and salts (the cookie names); `limit` bounds the cache should a caller vary them.
 */
export function createKeyring(limit = 64): Keyring {
  const keys = new Map<string, Promise<ContentKey>>();
  // The entry of the last call: a session's every request asks for the same key, and comparing the three
  // strings it was asked by is cheaper than building and hashing the map's key.
  let last: { enc: string; secret: string; salt: string; key: Promise<ContentKey> } | undefined;
  const forget = (id: string) => {
    if (last && keys.get(id) === last.key) last = undefined;
    keys.delete(id);
  };
  return {
    get(enc, secret, salt) {
      if (last && last.enc === enc && last.secret === secret && last.salt === salt)
        return last.key as Promise<KeyFor<typeof enc>>;
      const id = `${enc}\n${salt.length}\n${salt}\n${secret}`;
      let key = keys.get(id);
      if (!key) {
        if (keys.size >= limit) forget(keys.keys().next().value!);
        const derived = deriveContentKey(enc, secret, salt);
        derived.catch(() => keys.get(id) === derived && forget(id));
        keys.set(id, derived);
        key = derived;
      }
      last = { enc, secret, salt, key };
      return key as Promise<KeyFor<typeof enc>>;
    },
  };
}
