import { decodeBase64url, encodeBase64url } from "../crypto.js";

/*
 * A TOTP seed at rest: AES-256-GCM under a key derived from the app's secret by HKDF-SHA256 with an info string of
 * its own, so it shares no key with the session cookies. Stored as `v1.<iv>.<ciphertext>`, base64url. Every
 * configured secret opens it, so rotating the secret keeps the factors enrolled under the old one.
 */

const utf8 = new TextEncoder();
const INFO = "sekisho two-factor seed encryption";

async function seedKey(secret: string): Promise<CryptoKey> {
  const ikm = await crypto.subtle.importKey("raw", utf8.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: utf8.encode(INFO) },
    ikm,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** The seed sealed under the first secret; `userId` is bound as associated data, so a row moved to another user does not open. */
export async function sealSeed(seed: Uint8Array<ArrayBuffer>, secrets: readonly string[], userId: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await seedKey(secrets[0]);
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: utf8.encode(userId) }, key, seed);
  return `v1.${encodeBase64url(iv)}.${encodeBase64url(new Uint8Array(sealed))}`;
}

/** The seed, or null when no configured secret opens it (or it was sealed for another user). */
export async function openSeed(
  stored: string,
  secrets: readonly string[],
  userId: string,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const [version, ivText, sealedText, ...rest] = stored.split(".");
  const iv = ivText ? decodeBase64url(ivText) : undefined;
  const sealed = sealedText ? decodeBase64url(sealedText) : undefined;
  if (version !== "v1" || !iv || !sealed || rest.length) return null;
  const additionalData = utf8.encode(userId);
  for (const secret of secrets) {
    try {
      const key = await seedKey(secret);
      const opened = await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData }, key, sealed);
      return new Uint8Array(opened);
    } catch {
      // another secret may have sealed it
    }
  }
  return null;
}
