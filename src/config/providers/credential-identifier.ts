import type { CredentialInput } from "./view.js";

const identifierNames = /^(username|user|login|email)$/i;
const identifierAutocomplete = /\b(username|email)\b/i;

/**
 * The input that names the user, which the sign-in page fills in again after a failed attempt: the first
 * input, when it is plain or email text and its name or autocomplete says it holds a user name or an email.
 * Never a password, nor any input that could be one.
 */
export function identifierInput(inputs: Record<string, CredentialInput> | undefined): string | undefined {
  const first = Object.entries(inputs ?? {})[0];
  if (!first) return undefined;
  const [name, input] = first;
  const type = typeof input.type === "string" ? input.type.toLowerCase() : "text";
  if (type !== "text" && type !== "email") return undefined;
  const autocomplete = typeof input.autocomplete === "string" ? input.autocomplete : "";
  return identifierNames.test(name) || identifierAutocomplete.test(autocomplete) ? name : undefined;
}
