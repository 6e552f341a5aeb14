import type { AuthContext } from "../http/context.js";
import { json, keeping, noCacheHeaders, redirect, type Outcome } from "../http/outcome.js";
import { withQuery } from "../http/url.js";
import { wantsPage } from "../http/wants-page.js";
import { checkRecentSignIn } from "../recent-sign-in/step-up.js";
import { refuse } from "../session/records/sessions-route.js";
import { strategyOf, type SignedIn } from "../session/strategy.js";

/** Runs `next` for the signed-in user of a CSRF-checked POST; a visitor who is not signed in gets 401 or the sign-in page. */
export async function forSignedInPost(ctx: AuthContext, next: (signedIn: SignedIn) => Promise<Outcome>): Promise<Outcome> {
  if (ctx.checksCsrf && !ctx.config.skipCSRFCheck && !(await ctx.csrf()).verified)
    return refuse(ctx, 403, "MissingCSRF", "The CSRF token is missing or does not match the cookie.");
  const { signedIn, cookies } = await strategyOf(ctx.config).current(ctx);
  if (!signedIn) {
    if (wantsPage(ctx)) return redirect(withQuery(ctx.config.pages.signIn ?? `${ctx.baseUrl}/signin`, {}), cookies);
    return json({ error: "SessionRequired", message: "Sign in first." }, { status: 401, headers: noCacheHeaders, cookies });
  }
  return keeping(cookies, () => next(signedIn));
}

/**
 * As `forSignedInPost`, for changes that need a recent sign-in (`account.recentSignIn`): that check comes first,
 * before anything of the account is read; a browser sent to sign in again comes back to `returnTo`.
 */
export function forRecentlySignedInPost(
  ctx: AuthContext,
  next: (signedIn: SignedIn) => Promise<Outcome>,
  returnTo = `${ctx.baseUrl}/account`,
): Promise<Outcome> {
  return forSignedInPost(ctx, async (signedIn) => {
    const recent = await checkRecentSignIn(ctx, { returnTo });
    return "refusal" in recent ? recent.refusal : keeping(recent.cookies, () => next(signedIn));
  });
}
