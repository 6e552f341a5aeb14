/**
 * Password hashes as the factor store keeps them: scrypt in a PHC string, `$scrypt$ln=17,r=8,p=1$salt$hash`,
 * the parameters with each hash so that a change of the default re-hashes at the next sign-in.
 */
import { bytesEqualInConstantTime } from "../crypto.js";
import { isTooCostly, readArgon2, verifyArgon2 } from "./argon2-phc.js";
import { verifyBcrypt } from "./bcrypt.js";
import { verifyPbkdf2 } from "./imported-hashes.js";
import { formatPhc, integerParam, parsePhc } from "./phc.js";
import { scrypt, type ScryptParams } from "./scrypt.js";

/** OWASP's minimum for scrypt: N = 2^17, r = 8, p = 1 (128 MiB per hash). */
export const defaultScrypt: ScryptParams = { ln: 17, r: 8, p: 1 };

const HASH_BYTES = 32;
const SALT_BYTES = 16;

/** The same bytes for every spelling of the password a keyboard may give: Unicode NFKC. */
export function passwordBytes(password: string): Uint8Array {
  return new TextEncoder().encode(password.normalize("NFKC"));
}

export async function hashPassword(password: string, params: ScryptParams = defaultScrypt): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await scrypt(passwordBytes(password), salt, params, HASH_BYTES);
  return formatPhc({ id: "scrypt", params: { ln: String(params.ln), r: String(params.r), p: String(params.p) }, salt, hash });
}

/** A stored scrypt hash's parameters, bounded so that an imported row cannot ask for gigabytes. */
function scryptParams(params: Record<string, string>): ScryptParams | undefined {
  const ln = integerParam(params.ln, 1, 20);
  const r = integerParam(params.r, 1, 32);
  const p = integerParam(params.p, 1, 16);
  return ln && r && p ? { ln, r, p } : undefined;
}

async function verifyScrypt(stored: string, password: Uint8Array): Promise<{ ok: boolean; params: ScryptParams } | undefined> {
  const phc = parsePhc(stored);
  const params = phc?.id === "scrypt" ? scryptParams(phc.params) : undefined;
  if (!phc || !params || phc.hash.length > 64) return undefined;
  const derived = await scrypt(password, phc.salt, params, phc.hash.length);
  return { ok: bytesEqualInConstantTime(derived, phc.hash), params };
}

export interface Verified {
  ok: boolean;
  /** Stored with other parameters or another function than `current`: hash it again now that it is known. */
  rehash: boolean;
  /** An imported hash that asks for more than sekisho runs (argon2 above its limits): not checked, so no match. */
  tooCostly?: true;
}

const sameParams = (a: ScryptParams, b: ScryptParams) => a.ln === b.ln && a.r === b.r && a.p === b.p;

/**
 * Checks `password` against a stored hash: scrypt, or an imported bcrypt, PBKDF2 or argon2 hash. Imported hashes
 * were made from the password as typed, not normalised, so those are checked against its UTF-8 as it is (and a
 * scrypt hash that does not match the NFKC form is tried with it too). A format this does not read never matches.
 */
export async function verifyPassword(stored: string, password: string, current: ScryptParams = defaultScrypt): Promise<Verified> {
  const normalized = passwordBytes(password);
  const typed = new TextEncoder().encode(password);
  const scrypted = await verifyScrypt(stored, normalized);
  if (scrypted?.ok) return { ok: true, rehash: !sameParams(scrypted.params, current) };
  if (scrypted && password.normalize("NFKC") !== password) {
    const asTyped = await verifyScrypt(stored, typed);
    return { ok: asTyped?.ok === true, rehash: asTyped?.ok === true };
  }
  if (scrypted) return { ok: false, rehash: false };
  const imported = verifyBcrypt(stored, typed) ?? (await verifyPbkdf2(stored, typed)) ?? (await verifyArgon2(stored, typed));
  if (imported === "too-costly") return { ok: false, rehash: false, tooCostly: true };
  const ok = imported === true;
  return { ok, rehash: ok };
}

/** Whether sekisho can check passwords against `stored`: what an import checks first. */
export function isReadableHash(stored: string): boolean {
  const phc = parsePhc(stored);
  if (phc?.id === "scrypt") return scryptParams(phc.params) !== undefined;
  const argon2 = readArgon2(stored);
  if (argon2) return !isTooCostly(argon2.params);
  return /^(\$pbkdf2-sha256\$|pbkdf2_sha256\$|\$2[aby]\$(0[4-9]|1[0-6])\$[./A-Za-z0-9]{53}$)/.test(stored);
}
