/**
 * Compact JWE with direct key agreement (`alg: "dir"`, RFC 7516) and the content encryptions of
 * RFC 7518: A256CBC-HS512 (§5.2, built here on AES-CBC and HMAC-SHA-512) and A256GCM (§5.3).
 */
import { JWTSessionError } from "../errors.js";
import { decodeBase64url, encodeBase64url } from "../base64url.js";
import { bytesEqualInConstantTime } from "../crypto.js";
import { nativeAesCbc, nativeHmacSha512 } from "../native-crypto.js";
import { CONTENT_ENCRYPTIONS, type CbcHmacKey, type ContentEncryption, type ContentKey } from "./keys.js";

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

const ascii = new TextEncoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Sizes in bytes per algorithm: IV, authentication tag, and the cipher block (1 for a stream). */
const SIZES = {
  "A256CBC-HS512": { iv: 16, tag: 32, block: 16 },
  A256GCM: { iv: 12, tag: 16, block: 1 },
} as const;

/** Encrypts `plaintext` with A256CBC-HS512, the algorithm tokens are issued with. */
export async function encryptCompact(key: CbcHmacKey, plaintext: Bytes): Promise<string> {
  const header: JweHeader = { alg: "dir", enc: key.enc, kid: key.kid };
  const encodedHeader = encodeBase64url(ascii.encode(JSON.stringify(header)));
  const iv = crypto.getRandomValues(new Uint8Array(SIZES[key.enc].iv));
  const ciphertext = await aesCbc("encrypt", key, iv, plaintext);
  const tag = await cbcHmacTag(key, ascii.encode(encodedHeader), iv, ciphertext);
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
  return { header: Object.freeze(parseHeader(encoded)), aad: ascii.encode(encoded) };
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
