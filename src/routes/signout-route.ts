import { type AuthContext, requireCsrf, csrfTokenForForm } from "../http/context.js";
import { resolveCallbackUrl } from "../http/callback-url.js";
import { keeping, page, redirect, type Outcome } from "../http/outcome.js";
import { withQuery } from "../http/url.js";
import { clearChallengeCookie, clearSessionCookie } from "../session/cookie.js";
import { strategyOf } from "../session/strategy.js";
import { rpLogoutOf } from "../flows/sign-in-method.js";

/** `GET /signout`: the confirmation page, or a redirect to `pages.signOut`. */
export async function signOutPageRoute(ctx: AuthContext): Promise<Outcome> {
  const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
  if (ctx.config.pages.signOut) return redirect(withQuery(ctx.config.pages.signOut, { callbackUrl }), cookies);
  const form = await csrfTokenForForm(ctx);
  const slots = { csrfToken: form.token, url: `${ctx.baseUrl}/signout`, callbackUrl };
  return page({ name: "signOut", slots }, [...cookies, ...form.cookies]);
}

/**
 * `POST /signout`: CSRF-checked; ends the session everywhere (a database row deleted, a jwt `sid` revoked) and
 * redirects: to the provider's end-session endpoint when the session came from an `endSession` provider, else to
 * the callback URL.
 */
export async function signOutRoute(ctx: AuthContext): Promise<Outcome> {
  await requireCsrf(ctx);
  const { config } = ctx;
  const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
  // Cleared first, so that the browser forgets the session even when the store cannot delete it.
  return keeping([...cookies, ...clearSessionCookie(ctx), ...clearChallengeCookie(ctx)], async () => {
    const logout = rpLogoutOf(config);
    const { hint, cookies: read } = await strategyOf(config).end(ctx, logout);
    return redirect((logout && (await logout.url(ctx, hint, callbackUrl))) ?? callbackUrl, read);
  });
}
