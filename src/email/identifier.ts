import { EmailSignInError } from "../sign-in-errors.js";

// RFC 5322 atext without quotes, so no quoted local parts; the domain is dot-separated labels.
const localPart = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const domainPart = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$|^localhost$/;

/**
 * The address sign-in mail goes to: trimmed and lower-cased. Input that NFKC would change (full-width ＠,
 * ligatures) is refused rather than silently rewritten, so mail never goes to an address other than the one typed.
 * Exactly one `@`, no quotes, commas, spaces or control characters.
 */
export function normalizeIdentifier(input: unknown): string {
  if (typeof input !== "string") throw new EmailSignInError("An email address is required.");
  const trimmed = input.trim();
  if (trimmed.normalize("NFKC") !== trimmed)
    throw new EmailSignInError("The email address has characters that look like others.");
  const address = trimmed.toLowerCase();
  if (address.length > 254) throw new EmailSignInError("The email address is too long.");
  const parts = address.split("@");
  if (parts.length !== 2 || !localPart.test(parts[0]) || parts[0].length > 64 || !domainPart.test(parts[1])) {
    throw new EmailSignInError("That is not a valid email address.");
  }
  return address;
}
