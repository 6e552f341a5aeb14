import type { AuthContext } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { json, noCacheHeaders, redirect, type Outcome } from "../http/outcome.js";
import { withQuery } from "../http/url.js";
import { wantsPage } from "../http/wants-page.js";
import { strategyOf, type SignInProof } from "../session/strategy.js";

/** What a sensitive action asks of the session. */
export interface RecentSignInOptions {
  /**
   * Seconds since the user last proved who they are that still count as recent.
   * @default `account.recentSignIn` (600)
   * @example
   * ```ts
   * await auth.requireRecentSignIn(request, { maxAge: 120 })
   * ```
   */
  maxAge?: number;
  /**
   * Where the user comes back to after signing in again: the page of the action (a POST cannot be repeated by a
   * redirect). Passed through the `redirect` callback at sign-in, as any `callbackUrl`.
   * @default the request's URL for a GET, else its same-origin `Referer`, else the site's root
   * @example
   * ```ts
   * await auth.requireRecentSignIn(request, { returnTo: "/settings/security" })
   * ```
   */
  returnTo?: string;
}

/** The error a sensitive action answers JSON callers with when the sign-in is not recent enough. */
export const recentSignInRequired = "RecentSignInRequired";

/** Whether `proof` is at most `maxAge` seconds old at `now` (seconds). */
export function isRecentProof(proof: SignInProof, maxAge: number, now = Math.floor(Date.now() / 1000)): boolean {
  return now - proof.provedAt <= maxAge;
}

/** Where the user comes back to: the given page, a GET's own URL, a same-origin Referer, or the site's root. */
function returnAddress(ctx: AuthContext, returnTo: string | undefined): string {
  if (returnTo) return new URL(returnTo, ctx.origin).href;
  if (ctx.request.method === "GET") return ctx.request.url;
  const referer = ctx.request.headers.get("referer");
  if (referer && URL.canParse(referer) && new URL(referer).origin === ctx.origin) return referer;
  return `${ctx.origin}/`;
}

/** The sign-in page (the app's, when `pages.signIn` names one), saying why, and coming back to `returnTo`. */
export function signInAgainUrl(ctx: AuthContext, returnTo?: string): string {
  const page = ctx.config.pages.signIn ?? `${ctx.baseUrl}/signin`;
  return withQuery(page, { callbackUrl: returnAddress(ctx, returnTo), error: recentSignInRequired });
}

/** A sensitive action refused: 403 JSON `{ error: "RecentSignInRequired" }` for scripts, a redirect to sign in again for browsers. */
export function recentSignInRefusal(ctx: AuthContext, returnTo: string | undefined, cookies: OutCookie[] = []): Outcome {
  if (wantsPage(ctx)) return redirect(signInAgainUrl(ctx, returnTo), cookies);
  return json({ error: recentSignInRequired }, { status: 403, headers: noCacheHeaders, cookies });
}

/**
 * The first check of a sensitive action: the signed-in user's proof when it is recent, else the refusal. A visitor
 * who is not signed in, or whose session keeps no proof, is refused alike: nothing about the account is read first.
 */
export async function checkRecentSignIn(
  ctx: AuthContext,
  options: RecentSignInOptions = {},
): Promise<{ proof: SignInProof; cookies: OutCookie[] } | { refusal: Outcome }> {
  const { proof, cookies } = await strategyOf(ctx.config).proof(ctx);
  const maxAge = options.maxAge ?? ctx.config.account.recentSignIn;
  if (proof && isRecentProof(proof, maxAge)) return { proof, cookies };
  return { refusal: recentSignInRefusal(ctx, options.returnTo, cookies) };
}
