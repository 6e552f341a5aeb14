import type { AuthContext } from "../http/context.js";
import { json, noCacheHeaders, withQuery } from "../http/respond.js";
import type { RateLimited } from "../errors.js";

const message = "Too many attempts. Wait a few minutes, then try again.";

/** A script (fetch with X-Auth-Return-Redirect, or one that asks for JSON only) rather than a page load. */
function wantsJson(request: Request): boolean {
  if (request.headers.has("x-auth-return-redirect") || /\/webauthn-options(\/|$)/.test(new URL(request.url).pathname)) return true;
  const accept = request.headers.get("accept") ?? "";
  return /\bapplication\/json\b/i.test(accept) && !/\btext\/html\b/i.test(accept);
}

/**
 * 429 with Retry-After for scripts, the sign-in page with `error=RateLimited` for browsers. Neither sets a
 * cookie: a refused request changes nothing.
 */
export function rateLimitedResponse(error: RateLimited, ctx: AuthContext | undefined, request: Request): Response {
  const retryAfter = { "Retry-After": String(error.retryAfter), ...noCacheHeaders };
  const signIn = ctx && withQuery(ctx.config.pages.signIn ?? `${ctx.baseUrl}/signin`, { error: "RateLimited" });
  if (!signIn || wantsJson(request)) return json(undefined, { error: "RateLimited", message, url: signIn }, 429, retryAfter);
  return new Response(null, { status: 302, headers: { Location: signIn, ...retryAfter } });
}
