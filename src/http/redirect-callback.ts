import { hasControlCharacters, isWellFormedCallbackUrl } from "../config/default-redirect.js";
import { InvalidCallbackUrl } from "../errors.js";

/** A callback URL from a request: absent gives undefined, malformed raises InvalidCallbackUrl (a 400). */
export function readCallbackUrl(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || !isWellFormedCallbackUrl(value)) {
    throw new InvalidCallbackUrl("The callbackUrl is malformed.");
  }
  return value;
}

/** Runs the app's redirect callback and makes sure what it returns can go in a Location header. */
export async function applyRedirectCallback(
  redirect: (params: { url: string; baseUrl: string }) => string | PromiseLike<string>,
  url: string,
  baseUrl: string,
): Promise<string> {
  const result = await redirect({ url, baseUrl });
  if (typeof result !== "string" || hasControlCharacters(result) || !URL.canParse(result, baseUrl)) return baseUrl;
  return new URL(result, baseUrl).href;
}
