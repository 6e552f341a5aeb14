/**
 * The gentle offer to add a passkey after a password sign-in: a browser's sign-in that ends in a session, for a user
 * without a passkey, in an app with a WebAuthn provider, passes by a page that offers one before going on to the
 * callbackUrl. The session is set before the page shows, so the offer never stands in the way; "Not now" is a
 * plain form and is remembered for 30 days in a cookie of this browser.
 */
import { storeOf } from "../config/store.js";
import { resolveCallbackUrl } from "../http/callback-url.js";
import { type AuthContext, csrfTokenForForm, requireCsrf } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { page, redirect, type Outcome } from "../http/outcome.js";
import { withQuery } from "../http/url.js";
import { wantsPage } from "../http/wants-page.js";

const offerPath = "/password/passkey-offer";
const notNowMaxAge = 30 * 24 * 60 * 60;

function notNowCookie(ctx: AuthContext, value: string, maxAge: number): OutCookie {
  const name = `${ctx.secure ? "__Secure-" : ""}sekisho.passkey-offer`;
  return { name, value, options: { httpOnly: true, sameSite: "lax", path: ctx.config.basePath, secure: ctx.secure, maxAge } };
}

/** Whether this sign-in set a session (rather than holding it for a second factor). */
function setsSession(ctx: AuthContext, outcome: Outcome): boolean {
  const session = ctx.cookies.sessionToken.name;
  return outcome.cookies.some((cookie) => cookie.name.startsWith(session) && cookie.value !== "");
}

async function hasPasskey(ctx: AuthContext, userId: string): Promise<boolean> {
  try {
    return (await storeOf(ctx.config).listAuthenticatorsByUserId(userId)).length > 0;
  } catch (error) {
    // the offer is a nicety: a store that cannot tell costs the offer, never the sign-in
    ctx.config.logger.error(error as Error);
    return true;
  }
}

/** The sign-in's redirect, by way of the offer page when it applies. */
export async function withPasskeyOffer(ctx: AuthContext, signedIn: Outcome, userId: string): Promise<Outcome> {
  if (signedIn.kind !== "redirect" || !wantsPage(ctx) || !setsSession(ctx, signedIn)) return signedIn;
  if (!ctx.config.providers.some((p) => p.type === "webauthn")) return signedIn;
  if (notNowCookie(ctx, "", 0).name in ctx.requestCookies || (await hasPasskey(ctx, userId))) return signedIn;
  return redirect(withQuery(`${ctx.baseUrl}${offerPath}`, { callbackUrl: signedIn.url }), signedIn.cookies);
}

/** `GET /password/passkey-offer?callbackUrl=`: "Add a passkey" (the sign-in page's passkey button) or "Not now". */
export async function passkeyOfferRoute(ctx: AuthContext): Promise<Outcome> {
  const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
  const form = await csrfTokenForForm(ctx);
  const slots = {
    addUrl: withQuery(ctx.config.pages.signIn ?? `${ctx.baseUrl}/signin`, { callbackUrl }),
    action: `${ctx.baseUrl}${offerPath}`,
    csrfToken: form.token,
    callbackUrl,
  };
  return page({ name: "passkeyOffer", slots }, [...cookies, ...form.cookies]);
}

/** `POST /password/passkey-offer` with `callbackUrl`, CSRF-checked: "Not now", remembered, then on to the callbackUrl. */
export async function notNowRoute(ctx: AuthContext): Promise<Outcome> {
  await requireCsrf(ctx);
  const { url, cookies } = await resolveCallbackUrl(ctx);
  return redirect(url, [...cookies, notNowCookie(ctx, "1", notNowMaxAge)]);
}
