import { randomHex } from "../crypto.js";
import type { HeldSignIn } from "../flows/sign-in.js";
import type { AuthContext } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { counterKey } from "../config/counter-key.js";
import { openSealedCookie, sealCookieValue } from "../http/sealed-cookie.js";
import type { Account } from "../shared-types.js";

/*
 * A sign-in waiting for its second factor: sealed in a short-lived cookie that only the second-factor routes
 * read (its path is basePath), bound to the first factor that made it. A nonce makes it single use: completing
 * claims the nonce in the shared counter store, so a replayed copy is refused on every instance.
 */

export interface PendingSignIn extends HeldSignIn {
  nonce: string;
  /**
   * A user whom `twoFactor.required` names and who has no second factor enrolls first: the new TOTP secret
   * (base32), kept only in this sealed cookie until its first code turns it on.
   */
  enroll?: string;
}

/** Token fields dropped when the whole account would not fit in one cookie. */
const tokenFields = ["access_token", "refresh_token", "id_token", "expires_at", "scope", "token_type", "session_state"];
const maxCookieValue = 3800;

export function pendingCookieName(ctx: AuthContext): string {
  return `${ctx.secure ? "__Secure-" : ""}sekisho.two-factor`;
}

function cookieOf(ctx: AuthContext, value: string, maxAge: number): OutCookie {
  return {
    name: pendingCookieName(ctx),
    value,
    options: { httpOnly: true, sameSite: "lax", path: ctx.config.basePath, secure: ctx.secure, maxAge },
  };
}

function slimUser({ id, name, email, image }: HeldSignIn["user"]): HeldSignIn["user"] {
  return { id, name, email, image };
}

/** The cookie that holds `signIn` (and the secret to enroll, if any); the account keeps its provider tokens when they fit. */
export async function pendingCookie(ctx: AuthContext, signIn: HeldSignIn, enroll?: string): Promise<OutCookie> {
  const maxAge = ctx.config.twoFactor?.pendingMaxAge ?? 300;
  const name = pendingCookieName(ctx);
  const held = { ...signIn, user: slimUser(signIn.user), nonce: randomHex(16), ...(enroll ? { enroll } : {}) };
  let value = await sealCookieValue(ctx, name, { ...held }, maxAge);
  if (value.length > maxCookieValue) {
    const account = Object.fromEntries(Object.entries(signIn.account).filter(([key]) => !tokenFields.includes(key)));
    value = await sealCookieValue(ctx, name, { ...held, account }, maxAge);
  }
  return cookieOf(ctx, value, maxAge);
}

export function clearPendingCookie(ctx: AuthContext): OutCookie {
  return cookieOf(ctx, "", 0);
}

function isAccount(value: unknown): value is Account {
  const account = value as Partial<Account> | null;
  return !!account && typeof account.provider === "string" && typeof account.providerAccountId === "string";
}

/** The sign-in this request's cookie holds, or undefined when it has none, it expired or it does not open. */
export async function readPendingSignIn(ctx: AuthContext): Promise<PendingSignIn | undefined> {
  let payload: Record<string, unknown> | null | undefined;
  try {
    payload = await openSealedCookie(ctx, pendingCookieName(ctx));
  } catch {
    return undefined;
  }
  const { user, account, nonce, callbackUrl, enroll } = payload ?? {};
  const userId = (user as { id?: unknown } | undefined)?.id;
  if (typeof userId !== "string" || !isAccount(account) || typeof nonce !== "string" || typeof callbackUrl !== "string")
    return undefined;
  if (enroll !== undefined && typeof enroll !== "string") return undefined;
  return payload as unknown as PendingSignIn;
}

/** Claims the pending sign-in's nonce: true for the one request that completes it, false for every replay. */
export async function claimPendingSignIn(ctx: AuthContext, pending: PendingSignIn): Promise<boolean> {
  const windowMs = (ctx.config.twoFactor?.pendingMaxAge ?? 300) * 1000 * 2;
  const key = await counterKey(ctx.config, "two-factor-pending", pending.nonce);
  const { count } = await ctx.config.rateLimit.store.increment(key, windowMs);
  return count === 1;
}
