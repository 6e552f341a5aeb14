import type { AuthContext } from "../http/context.js";
import { json, noCacheHeaders, type Outcome } from "../http/outcome.js";
import { withQuery } from "../http/url.js";
import type { RateLimited } from "../sign-in-errors.js";

const message = "Too many attempts. Wait a few minutes, then try again.";

/** A script (fetch with X-Auth-Return-Redirect, or one that asks for JSON only) rather than a page load. */
function wantsJson(request: Request): boolean {
  if (request.headers.has("x-auth-return-redirect") || /\/webauthn-options(\/|$)/.test(new URL(request.url).pathname))
    return true;
  const accept = request.headers.get("accept") ?? "";
  return /\bapplication\/json\b/i.test(accept) && !/\btext\/html\b/i.test(accept);
}

/**
 * 429 with Retry-After for scripts, the sign-in page with `error=RateLimited` for browsers. Neither sets a
 * cookie: a refused request changes nothing.
 */
export function rateLimitedOutcome(error: RateLimited, ctx: AuthContext | undefined, request: Request): Outcome {
  const retryAfter = { "Retry-After": String(error.retryAfter) };
  const signIn = ctx && withQuery(ctx.config.pages.signIn ?? `${ctx.baseUrl}/signin`, { error: "RateLimited" });
  if (!signIn || wantsJson(request)) {
    return json({ error: "RateLimited", message, url: signIn }, { status: 429, headers: { ...retryAfter, ...noCacheHeaders } });
  }
  return { kind: "redirect", url: signIn, headers: retryAfter, cookies: [] };
}
