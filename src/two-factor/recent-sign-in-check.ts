import type { AuthContext } from "../http/context.js";
import { json, noCacheHeaders, redirect, type Outcome } from "../http/outcome.js";
import { withQuery } from "../http/url.js";
import { wantsPage } from "../routes/sessions.js";
import { sessionRecordStore } from "../session/records/instance.js";
import type { SignedIn } from "../session/strategy.js";

/** How recent a sign-in a sensitive second-factor change needs, in seconds. */
const RECENT_SIGN_IN = 600;

/*
 * The seam to the account work's step-up (`requireRecentSignIn`): until it lands, the session's record says when
 * the user last proved who they are (`provedAt`, else when the session signed in). At the merge this file gives
 * way to that check.
 */

/** Undefined when the session proved its user within the last ten minutes; otherwise what to answer. */
export async function recentSignInRefusal(ctx: AuthContext, signedIn: SignedIn, returnTo: string): Promise<Outcome | undefined> {
  if (signedIn.sessionId) {
    const records = await sessionRecordStore(ctx.config).store.list(signedIn.userId);
    const record = records.find((each) => each.id === signedIn.sessionId);
    const proved = record?.provedAt ?? record?.createdAt;
    if (proved !== undefined && Date.now() - proved <= RECENT_SIGN_IN * 1000) return undefined;
  }
  if (wantsPage(ctx)) return redirect(withQuery(ctx.config.pages.signIn ?? `${ctx.baseUrl}/signin`, { callbackUrl: returnTo }));
  return json(
    { error: "RecentSignInRequired", message: "Sign in again to change your second factor." },
    { status: 403, headers: noCacheHeaders },
  );
}
