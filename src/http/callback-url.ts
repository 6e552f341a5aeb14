import type { AuthContext } from "./context.js";
import type { OutCookie } from "./cookies.js";
import { hasControlCharacters, isWellFormedCallbackUrl } from "../config/defaults.js";
import { InvalidCallbackUrl } from "../errors.js";

/**
 * The URL to return to after the flow: from the body, then the query, then the callback-url cookie, then
 * the origin; always passed through the redirect callback. A value from the request is remembered in the
 * callback-url cookie for the OAuth round trip: `cookies` holds that change.
 */
export async function resolveCallbackUrl(ctx: AuthContext, fallback?: string): Promise<{ url: string; cookies: OutCookie[] }> {
  const { name, options } = ctx.cookies.callbackUrl;
  const fromRequest =
    readCallbackUrl(ctx.body.callbackUrl) ?? readCallbackUrl(ctx.query.callbackUrl) ?? readCallbackUrl(ctx.body.redirectTo);
  const fromCookie = ctx.requestCookies[name];
  const candidate = fromRequest ?? (fromCookie && readCallbackUrlSafely(fromCookie)) ?? fallback ?? ctx.origin;
  const url = await applyRedirectCallback(ctx.config.callbacks.redirect, candidate, ctx.origin);
  return { url, cookies: fromRequest && url !== fromCookie ? [{ name, value: url, options }] : [] };
}

/** A cookie is not user input we reject the request for: a malformed one is ignored. */
function readCallbackUrlSafely(value: string): string | undefined {
  try {
    return readCallbackUrl(value);
  } catch {
    return undefined;
  }
}

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
