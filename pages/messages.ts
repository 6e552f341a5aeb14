/**
 * Lookups in a message catalog. The catalogs themselves, one per language, are in src/messages/;
 * `messages` is the English one.
 */
import { en } from "../src/messages/en.js";
import type { ErrorPageText, Messages } from "../src/messages/message-types.js";

export { en as messages };
export type { ErrorPageText, Messages };

function own<T>(table: Record<string, T>, code: string | undefined): T | undefined {
  return code !== undefined && Object.hasOwn(table, code) ? table[code] : undefined;
}

/** The sign-in page text for an `?error=` code. Unknown codes get the default text, never the code itself. */
export function signInErrorText(messages: Messages, code: string): string {
  const table: Record<string, string> = messages.signIn.errors;
  return own(table, code) ?? messages.signIn.errors.default;
}

/** The error page's title and message for a code. */
export function errorPageText(messages: Messages, code: string | undefined): ErrorPageText {
  const table: Record<string, ErrorPageText> = messages.error.codes;
  return own(table, code) ?? messages.error.codes.default;
}

/** The sign-in error table's key for a code ("default" for a code it lacks); undefined when there is no error. */
export function signInErrorKey(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return own(en.signIn.errors, code) ? code : "default";
}

/** The error page table's key for a code: the code, or "default" for a code it lacks. */
export function errorPageKey(code: string | undefined): string {
  return code !== undefined && own(en.error.codes, code) ? code : "default";
}
