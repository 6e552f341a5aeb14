/**
 * Keys derived without sekisho's code (node:crypto HKDF, jose thumbprints), to mint tokens the way
 * any Auth.js-compatible issuer would.
 */
import { hkdfSync } from "node:crypto";
import { CompactEncrypt, EncryptJWT, base64url, calculateJwkThumbprint, type JWTPayload } from "jose";

export type Enc = "A256CBC-HS512" | "A256GCM";

export function derivedKey(enc: Enc, secret: string, salt: string): Uint8Array {
  const length = enc === "A256CBC-HS512" ? 64 : 32;
  return new Uint8Array(hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, length));
}

export function kidOf(key: Uint8Array): Promise<string> {
  return calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, key.length === 64 ? "sha512" : "sha256");
}

/** A JWT minted with jose directly. `kid: false` leaves the header without a kid. */
export async function mint(
  payload: JWTPayload,
  { enc, secret, salt, kid = true, exp }: { enc: Enc; secret: string; salt: string; kid?: boolean; exp?: number },
): Promise<string> {
  const key = derivedKey(enc, secret, salt);
  const header = kid ? { alg: "dir", enc, kid: await kidOf(key) } : { alg: "dir", enc };
  const jwt = new EncryptJWT(payload).setProtectedHeader(header).setIssuedAt();
  if (exp !== undefined) jwt.setExpirationTime(exp);
  return jwt.encrypt(key);
}

/** A compact JWE over arbitrary plaintext (not necessarily a JWT claims set). */
export function mintRaw(plaintext: string, { enc, secret, salt }: { enc: Enc; secret: string; salt: string }) {
  return new CompactEncrypt(new TextEncoder().encode(plaintext))
    .setProtectedHeader({ alg: "dir", enc })
    .encrypt(derivedKey(enc, secret, salt));
}

/** The parts of a compact JWE, with the header decoded. */
export function split(token: string) {
  const [header, key, iv, ciphertext, tag] = token.split(".");
  return { header: JSON.parse(Buffer.from(header, "base64url").toString()), key, iv, ciphertext, tag };
}

export function encodeHeader(header: object): string {
  return Buffer.from(JSON.stringify(header)).toString("base64url");
}
