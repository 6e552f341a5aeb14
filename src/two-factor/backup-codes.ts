import { sha256Hex } from "../crypto.js";

/*
 * Backup codes: ten by default, each 10 characters of Crockford-style base32 (50 bits) shown as `xxxxx-xxxxx`.
 * Only a keyed hash is stored, as the factor's id, so taking a code is one atomic delete of that id.
 */

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const LENGTH = 10;

export function newBackupCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(LENGTH));
    const chars = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A typed code as stored: lower case, without spaces or dashes, the look-alike letters read as digits. */
export function normalizeBackupCode(typed: string): string | null {
  const clean = typed.toLowerCase().replace(/[\s-]/g, "").replace(/[il]/g, "1").replace(/o/g, "0");
  return clean.length === LENGTH && [...clean].every((char) => ALPHABET.includes(char)) ? clean : null;
}

/** The stored id of a normalized code under one secret; a code is looked up under each configured secret. */
export function backupCodeHash(normalized: string, secret: string): Promise<string> {
  return sha256Hex(`sekisho-backup-code:${normalized}:${secret}`);
}
