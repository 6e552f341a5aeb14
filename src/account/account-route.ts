import { type AuthContext, csrfTokenForForm } from "../http/context.js";
import { json, keeping, noCacheHeaders, page, redirect, type Outcome } from "../http/outcome.js";
import { withQuery } from "../http/url.js";
import { wantsPage } from "../http/wants-page.js";
import { storeOf } from "../config/store.js";
import { UnknownAction } from "../errors.js";
import { strategyOf } from "../session/strategy.js";
import { accountNotices, type AccountNotice } from "./account-notices.js";
import { accountView } from "./account-view.js";

/** What a visitor who is not signed in gets: 401 JSON for scripts, the sign-in page coming back here for browsers. */
function signInFirst(ctx: AuthContext, cookies: Parameters<typeof redirect>[1]): Outcome {
  if (!wantsPage(ctx))
    return json(
      { error: "SessionRequired", message: "Sign in to see your account." },
      { status: 401, headers: noCacheHeaders, cookies },
    );
  const signIn = ctx.config.pages.signIn ?? `${ctx.baseUrl}/signin`;
  return redirect(withQuery(signIn, { callbackUrl: `${ctx.baseUrl}/account` }), cookies);
}

/** `?error=` of the page: only the account page's own notices are shown; anything else reads as none. */
function noticeOf(ctx: AuthContext): AccountNotice | undefined {
  const error = new URL(ctx.request.url).searchParams.get("error");
  return accountNotices.find((notice) => notice === error);
}

/** The OAuth and OIDC providers a user can link through their normal sign-in. */
function linkableProviders(ctx: AuthContext) {
  return ctx.config.providers
    .filter((provider) => provider.type === "oauth" || provider.type === "oidc")
    .map((provider) => ({ id: provider.id, name: provider.name, signinUrl: `${ctx.baseUrl}/signin/${provider.id}` }));
}

/**
 * The account routes keep users in the adapter: an app without one has none of them, as before they existed (an
 * unknown action). An adapter that lacks what a route needs fails in that route, naming the method.
 */
export function requireUserStore(ctx: AuthContext): void {
  if (!storeOf(ctx.config).provides.getUser) throw new UnknownAction("There is no such action.");
}

/** `GET /account`: the signed-in user's account, as JSON or the built-in page (or a redirect to `pages.account`). */
export function accountRoute(ctx: AuthContext): Promise<Outcome> {
  requireUserStore(ctx);
  if (ctx.config.pages.account && wantsPage(ctx)) return Promise.resolve(redirect(ctx.config.pages.account));
  return accountPage(ctx, noticeOf(ctx));
}

/** The account as JSON or the built-in page, with `notice` shown on the page (a refused form: 403). */
export async function accountPage(ctx: AuthContext, notice: AccountNotice | undefined): Promise<Outcome> {
  const { signedIn, cookies } = await strategyOf(ctx.config).current(ctx);
  if (!signedIn) return signInFirst(ctx, cookies);
  return keeping(cookies, async () => {
    const user = await storeOf(ctx.config).getUser(signedIn.userId);
    if (!user) return signInFirst(ctx, []);
    const view = await accountView(ctx.config, user, signedIn);
    if (!wantsPage(ctx)) return json(view, { headers: noCacheHeaders });
    const form = await csrfTokenForForm(ctx);
    const slots = {
      csrfToken: form.token,
      baseUrl: ctx.baseUrl,
      view,
      providers: linkableProviders(ctx),
      emailChange: ctx.config.providers.some((provider) => provider.type === "email"),
      notice,
    };
    return page({ name: "account", slots }, form.cookies);
  });
}
