/**
 * Session tokens: JWTs encrypted as compact JWE, readable and writable by the reference library. A codec keeps the
 * derived keys, so a valid token costs one HMAC and one AES decryption to read.
 *
 * The JWE is compact, with direct key agreement (`alg: "dir"`, RFC 7516) and the content encryptions of RFC 7518:
 * A256CBC-HS512 (§5.2, built here on AES-CBC and HMAC-SHA-512) and A256GCM (§5.3).
 */
import type { JWTDecodeParams, JWTEncodeParams } from "../config/jwt-options.js";
import { bytesEqualInConstantTime, decodeBase64url, encodeBase64url, nativeAesCbc, nativeHmacSha512 } from "../crypto.js";
import { JWTSessionError } from "../errors.js";
import { MissingSecret } from "../configuration-errors.js";
import type { JWT } from "../shared-types.js";
import { CONTENT_ENCRYPTIONS, createKeyring, type CbcHmacKey, type ContentEncryption, type ContentKey } from "./keys.js";

const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

export const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;
/** Seconds of clock skew allowed on `exp` and `nbf`: a token still decodes this long after its expiry. */
export const CLOCK_TOLERANCE = 15;

export interface JwtCodec {
  /** Encrypts `token` with the first secret, adding `iat`, `exp` (now + maxAge) and `jti`. */
  encode(params: JWTEncodeParams): Promise<string>;
  /** Null for an empty token; throws when the token is malformed, undecryptable with every secret, or expired. */
  decode(params: JWTDecodeParams): Promise<JWT | null>;
}

export function createJwtCodec(): JwtCodec {
  const keyring = createKeyring();
  const readHeader = createHeaderCache();
  return {
    async encode({ token = {}, secret, salt, maxAge = DEFAULT_MAX_AGE }) {
      const [newest] = secretsOf(secret);
      if (!Number.isFinite(maxAge)) throw new TypeError("maxAge must be a finite number of seconds");
      const now = nowInSeconds();
      const claims = { ...token, iat: now, exp: now + maxAge, jti: crypto.randomUUID() };
      const key = await keyring.get("A256CBC-HS512", newest, saltOf(salt));
      return encryptCompact(key, utf8.encode(JSON.stringify(claims)));
    },

    async decode({ token, secret, salt }) {
      if (!token) return null;
      const secrets = secretsOf(secret);
      const jwe = parseCompact(token, readHeader);
      const { enc, kid } = jwe.header;
      for (const candidate of secrets) {
        const key = await keyring.get(enc, candidate, saltOf(salt));
        if (kid !== undefined && key.kid !== kid) continue;
        const plaintext = await decryptCompact(jwe, key);
        if (plaintext) return checkClaims(plaintext);
      }
      // The reference's error, type and message, which apps that call decode() themselves may match on.
      throw new Error("no matching decryption secret");
    },
  };
}

/** Encodes like the reference's `encode`; derives the key on every call. Prefer a codec on hot paths. */
export function encode(params: JWTEncodeParams): Promise<string> {
  return createJwtCodec().encode(params);
}

/** Decodes like the reference's `decode`; derives the keys on every call. Prefer a codec on hot paths. */
export function decode(params: JWTDecodeParams): Promise<JWT | null> {
  return createJwtCodec().decode(params);
}

/** The claims set, once it is a JSON object whose time claims hold at the current time. */
export function checkClaims(plaintext: Uint8Array): JWT {
  const claims = parseJsonObject(plaintext);
  if (!claims) throw new JWTSessionError("JWT claims set is not a JSON object");
  const now = nowInSeconds();
  for (const name of ["iat", "nbf", "exp"]) {
    if (claims[name] !== undefined && typeof claims[name] !== "number") {
      throw new JWTSessionError(`JWT "${name}" claim must be a number`);
    }
  }
  if (claims.nbf !== undefined && (claims.nbf as number) > now + CLOCK_TOLERANCE) {
    throw new JWTSessionError("JWT is not valid yet");
  }
  if (claims.exp !== undefined && (claims.exp as number) <= now - CLOCK_TOLERANCE) {
    throw new JWTSessionError("JWT has expired");
  }
  return claims as JWT;
}

/** The secrets, newest first. An empty one is refused rather than skipped, so it cannot go unnoticed. */
function secretsOf(secret: string | string[] | undefined): string[] {
  const secrets = Array.isArray(secret) ? secret : [secret];
  if (secrets.length === 0 || !secrets.every((value) => typeof value === "string" && value.length > 0)) {
    throw new MissingSecret("JWT secret: pass a non-empty string, or an array of them with the newest first");
  }
  return secrets as string[];
}

function saltOf(salt: unknown): string {
  if (typeof salt !== "string") throw new TypeError("salt must be a string (the cookie name)");
  return salt;
}

function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

// Compact JWE

export interface JweHeader {
  alg: "dir";
  enc: ContentEncryption;
  kid?: string;
}

type Bytes = Uint8Array<ArrayBuffer>;

export interface CompactJwe {
  header: JweHeader;
  /** ASCII(BASE64URL(UTF8(protected header))), the additional authenticated data. */
  aad: Bytes;
  iv: Bytes;
  ciphertext: Bytes;
  tag: Bytes;
}

/** Sizes in bytes per algorithm: IV, authentication tag, and the cipher block (1 for a stream). */
const SIZES = {
  "A256CBC-HS512": { iv: 16, tag: 32, block: 16 },
  A256GCM: { iv: 12, tag: 16, block: 1 },
} as const;

/** Encrypts `plaintext` with A256CBC-HS512, the algorithm tokens are issued with. */
export async function encryptCompact(key: CbcHmacKey, plaintext: Bytes): Promise<string> {
  const header: JweHeader = { alg: "dir", enc: key.enc, kid: key.kid };
  const encodedHeader = encodeBase64url(utf8.encode(JSON.stringify(header)));
  const iv = crypto.getRandomValues(new Uint8Array(SIZES[key.enc].iv));
  const ciphertext = await aesCbc("encrypt", key, iv, plaintext);
  const tag = await cbcHmacTag(key, utf8.encode(encodedHeader), iv, ciphertext);
  return `${encodedHeader}..${encodeBase64url(iv)}.${encodeBase64url(ciphertext)}.${encodeBase64url(tag)}`;
}

/** Splits and checks a compact JWE before any key is touched. Throws on anything malformed or unsupported. */
export function parseCompact(token: string, readHeader = readProtectedHeader): CompactJwe {
  const parts = token.split(".");
  if (parts.length !== 5) throw invalid("not a compact JWE");
  const [encodedHeader, encryptedKey, encodedIv, encodedCiphertext, encodedTag] = parts;
  if (encryptedKey !== "") throw invalid('an encrypted key is not allowed with alg "dir"');

  const { header, aad } = readHeader(encodedHeader);
  const sizes = SIZES[header.enc];
  const iv = decodeBase64url(encodedIv);
  const ciphertext = decodeBase64url(encodedCiphertext);
  const tag = decodeBase64url(encodedTag);
  if (!iv || iv.length !== sizes.iv) throw invalid("bad initialization vector");
  if (!tag || tag.length !== sizes.tag) throw invalid("bad authentication tag");
  if (!ciphertext || ciphertext.length === 0 || ciphertext.length % sizes.block !== 0) {
    throw invalid("bad ciphertext");
  }
  return { header, aad, iv, ciphertext, tag };
}

/** A protected header and its encoding as bytes, the additional authenticated data. Never written to. */
export interface ProtectedHeader {
  header: JweHeader;
  aad: Bytes;
}

function readProtectedHeader(encoded: string): ProtectedHeader {
  return { header: Object.freeze(parseHeader(encoded)), aad: utf8.encode(encoded) };
}

/**
 * `readProtectedHeader` keeping what it read, by encoding: an app's tokens share one header per key, so
 * each is decoded once. Only valid headers are kept, at most `limit`.
 */
export function createHeaderCache(limit = 16): (encoded: string) => ProtectedHeader {
  const known = new Map<string, ProtectedHeader>();
  return (encoded) => {
    let read = known.get(encoded);
    if (!read) {
      read = readProtectedHeader(encoded);
      if (known.size >= limit) known.delete(known.keys().next().value!);
      known.set(encoded, read);
    }
    return read;
  };
}

function parseHeader(encoded: string): JweHeader {
  const bytes = decodeBase64url(encoded);
  const header = bytes && parseJsonObject(bytes);
  if (!header) throw invalid("protected header is not a JSON object");
  const { alg, enc, kid } = header;
  if (alg !== "dir") throw invalid('alg must be "dir"');
  if (!CONTENT_ENCRYPTIONS.includes(enc as ContentEncryption)) throw invalid("unsupported enc");
  if (kid !== undefined && typeof kid !== "string") throw invalid("kid must be a string");
  // No extension is understood, and compressed payloads are not accepted.
  if (header.crit !== undefined) throw invalid("crit is not supported");
  if (header.zip !== undefined) throw invalid("zip is not supported");
  return { alg, enc: enc as ContentEncryption, kid };
}

/**
 * Decrypts `jwe` with `key`, whose algorithm must be the header's. Resolves to undefined when the
 * authentication tag does not match, which is what a key from another secret gives.
 */
export async function decryptCompact(jwe: CompactJwe, key: ContentKey): Promise<Uint8Array | undefined> {
  if (key.enc === "A256GCM") {
    const sealed = new Uint8Array(jwe.ciphertext.length + jwe.tag.length);
    sealed.set(jwe.ciphertext);
    sealed.set(jwe.tag, jwe.ciphertext.length);
    try {
      const params = { name: "AES-GCM", iv: jwe.iv, additionalData: jwe.aad, tagLength: 128 };
      return new Uint8Array(await crypto.subtle.decrypt(params, key.key, sealed));
    } catch {
      return undefined;
    }
  }
  const expected = await cbcHmacTag(key, jwe.aad, jwe.iv, jwe.ciphertext);
  if (!bytesEqualInConstantTime(expected, jwe.tag)) return undefined;
  try {
    return await aesCbc("decrypt", key, jwe.iv, jwe.ciphertext);
  } catch {
    throw invalid("decryption failed");
  }
}

/** RFC 7518 §5.2.2.1: the first 32 bytes of HMAC-SHA-512 over AAD || IV || ciphertext || AL. */
async function cbcHmacTag(key: CbcHmacKey, aad: Bytes, iv: Bytes, ciphertext: Bytes) {
  const input = new Uint8Array(aad.length + iv.length + ciphertext.length + 8);
  input.set(aad);
  input.set(iv, aad.length);
  input.set(ciphertext, aad.length + iv.length);
  // AL: the bit length of the AAD as a 64-bit big-endian integer.
  const bits = aad.length * 8;
  const lengths = new DataView(input.buffer, input.length - 8);
  lengths.setUint32(0, Math.floor(bits / 2 ** 32));
  lengths.setUint32(4, bits >>> 0);
  if (key.native) return nativeHmacSha512(key.native.crypto, key.native.macKey, input).subarray(0, 32);
  const mac = await crypto.subtle.sign("HMAC", key.macKey, input);
  return new Uint8Array(mac, 0, 32);
}

/** AES-256-CBC with PKCS#7 padding, on the runtime's synchronous crypto when the key has a handle for it. */
async function aesCbc(direction: "encrypt" | "decrypt", key: CbcHmacKey, iv: Bytes, data: Bytes): Promise<Bytes> {
  const native = key.native;
  if (native) return nativeAesCbc(native.crypto, direction, native.encKey, iv, data) as Bytes;
  return new Uint8Array(await crypto.subtle[direction]({ name: "AES-CBC", iv }, key.encKey, data));
}

/** The JSON object that strict UTF-8 `bytes` hold, or undefined when they hold anything else. */
export function parseJsonObject(bytes: Uint8Array): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(strictUtf8.decode(bytes));
  } catch {
    return undefined;
  }
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function invalid(reason: string) {
  return new JWTSessionError(`Invalid JWE: ${reason}`);
}
