import type { AuthContext } from "./context.js";
import type { OutCookie } from "./cookies.js";
import { applyRedirectCallback, readCallbackUrl } from "./redirect-callback.js";

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
