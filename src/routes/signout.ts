import { loadPages } from "../../pages/load.js";
import { adapterCall } from "../adapters/call.js";
import type { AuthContext } from "../http/context.js";
import { resolveCallbackUrl } from "../http/callback-url.js";
import { html, redirect, withQuery } from "../http/respond.js";
import { clearChallengeCookie, clearSessionCookie } from "../session/cookie.js";
import { readToken } from "../session/jwt-strategy.js";
import { emit } from "../config/events.js";
import { endSessionUrl, type EndSessionHint } from "../flows/logout/end-session.js";
import { storedHint, tokenHint } from "../flows/logout/hint.js";
import { csrfTokenForForm } from "../http/csrf-for-form.js";
import { requireCsrf } from "./guards.js";

/** `GET /signout`: the confirmation page, or a redirect to `pages.signOut`. */
export async function signOutPageRoute(ctx: AuthContext): Promise<Response> {
  const callbackUrl = await resolveCallbackUrl(ctx);
  if (ctx.config.pages.signOut) return redirect(ctx, withQuery(ctx.config.pages.signOut, { callbackUrl }));
  const csrfToken = await csrfTokenForForm(ctx);
  const { signOutPage } = await loadPages(ctx.config);
  return html(ctx, await signOutPage(ctx.config, ctx.request, { csrfToken, url: `${ctx.baseUrl}/signout`, callbackUrl }));
}

/**
 * `POST /signout`: CSRF-checked; ends the session (deleting a database session) and redirects: to the
 * provider's end-session endpoint when the session came from an `endSession` provider, else to the callback URL.
 */
export async function signOutRoute(ctx: AuthContext): Promise<Response> {
  await requireCsrf(ctx);
  const { config } = ctx;
  const callbackUrl = await resolveCallbackUrl(ctx);
  // Cleared first, so that the browser forgets the session even when the store cannot delete it.
  clearSessionCookie(ctx);
  clearChallengeCookie(ctx);
  let hint: EndSessionHint | undefined;
  if (config.session.strategy === "jwt") {
    const token = await readToken(ctx);
    hint = tokenHint(token);
    await emit(config, "signOut", { token });
  } else {
    const sessionToken = ctx.requestCookies[ctx.cookies.sessionToken.name];
    hint = sessionToken ? await storedHint(config, sessionToken) : undefined;
    const session = sessionToken ? await adapterCall(config, "deleteSession")(sessionToken) : null;
    await emit(config, "signOut", { session });
  }
  return redirect(ctx, (await endSessionUrl(ctx, hint, callbackUrl)) ?? callbackUrl);
}
