import type { AdapterUser } from "../adapters/adapter-contract.js";
import { storeOf } from "../config/store.js";
import type { AuthContext } from "../http/context.js";
import { json, noCacheHeaders, redirect, type Outcome } from "../http/outcome.js";
import { withQuery } from "../http/url.js";
import { wantsPage } from "../http/wants-page.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";
import { refuse } from "../session/records/sessions-route.js";
import type { SignedIn } from "../session/strategy.js";
import type { AccountNotice } from "./account-notices.js";
import { accountPage, requireUserStore } from "./account-route.js";
import { forRecentlySignedInPost, forSignedInPost } from "./signed-in-post.js";

/** The account page: the app's (`pages.account`), else the built-in one. */
export const accountPageUrl = (ctx: AuthContext) => ctx.config.pages.account ?? `${ctx.baseUrl}/account`;

/** A browser's form whose CSRF token is missing or stale (an old tab): the account page again, 403, with fresh forms. */
function formExpired(ctx: AuthContext): Promise<Outcome> | Outcome {
  if (ctx.config.pages.account) return redirect(withQuery(ctx.config.pages.account, { error: "MissingCSRF" }));
  return accountPage(ctx, "MissingCSRF");
}

/**
 * Runs `next` for a change to the signed-in user's account: CSRF checked, a recent sign-in first where `recent`,
 * counted under the `accountChange` rate limit per address and per user, and the user's record read.
 */
export async function forAccountChange(
  ctx: AuthContext,
  { recent }: { recent: boolean },
  next: (user: AdapterUser, signedIn: SignedIn) => Promise<Outcome>,
): Promise<Outcome> {
  requireUserStore(ctx);
  const guard = recent ? forRecentlySignedInPost : forSignedInPost;
  if (wantsPage(ctx) && ctx.checksCsrf && !ctx.config.skipCSRFCheck && !(await ctx.csrf()).verified) return formExpired(ctx);
  return guard(ctx, async (signedIn) => {
    await consume(ctx, "accountChange", { ip: await clientAddress(ctx), identifier: signedIn.userId });
    const user = await storeOf(ctx.config).getUser(signedIn.userId);
    if (!user) return refuse(ctx, 401, "SessionRequired", "Sign in first: this session's user no longer exists.");
    return next(user, signedIn);
  });
}

/** A change made: `body` for JSON callers; a browser goes back to the account page. */
export function changed(ctx: AuthContext, body: Record<string, unknown>): Outcome {
  if (wantsPage(ctx)) return redirect(accountPageUrl(ctx));
  return json(body, { headers: noCacheHeaders });
}

/** A change the user's situation refuses: JSON with the status, or the account page saying why. */
export function refusedChange(ctx: AuthContext, status: number, error: AccountNotice, message: string): Outcome {
  if (wantsPage(ctx)) return redirect(withQuery(accountPageUrl(ctx), { error }));
  return json({ error, message }, { status, headers: noCacheHeaders });
}

/** A text field of the form: trimmed, 1 to `max` characters, no control characters; else undefined. */
export function textField(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (text.length === 0 || [...text].length > max || /[\u0000-\u001f\u007f]/.test(text)) return undefined;
  return text;
}

export const lastWayInMessage =
  "This is the last way into the account: add another sign-in method (a provider, a passkey) before removing it.";
