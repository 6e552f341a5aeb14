/**
 * The rules a new password must meet, as NIST SP 800-63B asks: a length (in characters after NFKC), no
 * composition rules, and not a password attackers try first: the shipped list, the user's own address, and,
 * when turned on, the breached passwords of Have I Been Pwned.
 */
import { breachVerdict } from "./breached-check.js";
import { commonPasswords } from "./common-passwords.js";
import type { ResolvedPasswordOptions } from "./password-options.js";

/** Why a new password was refused; each is an error code the pages and JSON callers get. */
export type PolicyRefusal =
  | "PasswordTooShort"
  | "PasswordTooLong"
  | "PasswordTooCommon"
  | "PasswordBreached"
  | "PasswordCheckUnavailable";

/** Characters, not UTF-16 units: an emoji counts once. */
export function passwordLength(password: string): number {
  return [...password.normalize("NFKC")].length;
}

function isCommon(password: string, email: string): boolean {
  const folded = password.normalize("NFKC").toLowerCase();
  const mailbox = email.toLowerCase();
  return commonPasswords.has(folded) || folded === mailbox || folded === mailbox.split("@")[0];
}

/**
 * Undefined when `password` may be set for `email`; otherwise why not. `hasSecondFactor` picks the shorter
 * minimum, as the guideline allows when a password is not the only factor.
 */
export async function policyRefusal(
  options: ResolvedPasswordOptions,
  password: string,
  { email, hasSecondFactor, fetch }: { email: string; hasSecondFactor: boolean; fetch: typeof globalThis.fetch },
): Promise<PolicyRefusal | undefined> {
  const { minLength, maxLength, breached } = options.policy;
  const length = passwordLength(password);
  if (length < (hasSecondFactor ? minLength.withSecondFactor : minLength.alone)) return "PasswordTooShort";
  if (length > maxLength) return "PasswordTooLong";
  if (isCommon(password, email)) return "PasswordTooCommon";
  if (!breached) return undefined;
  const verdict = await breachVerdict(password.normalize("NFKC"), fetch, breached.timeout);
  if (verdict === "breached") return "PasswordBreached";
  if (verdict === "unavailable" && breached.onUnavailable === "refuse") return "PasswordCheckUnavailable";
  return undefined;
}

/** What a script is told for each refusal; pages show the catalogue's text. */
export const refusalMessages: Readonly<Record<PolicyRefusal, string>> = {
  PasswordTooShort: "The password is shorter than the minimum length.",
  PasswordTooLong: "The password is longer than the maximum length.",
  PasswordTooCommon: "The password is one of the most common passwords, or your address.",
  PasswordBreached: "The password appears in known data breaches; choose another.",
  PasswordCheckUnavailable: "The password could not be checked against known breaches; try again later.",
};
