import { storeOf } from "../config/store.js";
import { AccessDenied, OAuthAccountNotLinked } from "../errors.js";
import type { AuthContext } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { failingWith, keeping, redirect, type Outcome } from "../http/outcome.js";
import { withQuery } from "../http/url.js";
import { currentUserId, strategyOf } from "../session/strategy.js";
import type { Account, Profile, User } from "../shared-types.js";
import type { AdapterUser } from "../adapters/adapter-contract.js";
import { resolveAccountUser, resolveEmailUser, type ResolvedUser } from "./account.js";
import { providerProof } from "./address-proof.js";
import { emit } from "../config/events.js";
import { rpLogoutOf } from "./sign-in-method.js";

export interface SignInAttempt {
  user: User;
  account: Account;
  profile?: Profile;
  credentials?: Record<string, unknown>;
  allowEmailLinking?: boolean;
  /** Where to go afterwards, already passed through the redirect callback. */
  callbackUrl: string;
  /** When the user proved who they are, when the provider says (seconds); absent: now. */
  provedAt?: number;
}

/** Runs the signIn callback: true continues, a string is a redirect, false or a throw is AccessDenied. */
export async function checkSignIn(
  ctx: AuthContext,
  params: Parameters<AuthContext["config"]["callbacks"]["signIn"]>[0],
): Promise<string | undefined> {
  let result: boolean | string;
  try {
    result = await ctx.config.callbacks.signIn(params);
  } catch (error) {
    throw new AccessDenied((error as Error)?.message ?? "The signIn callback threw.", { err: error as Error });
  }
  if (typeof result === "string") return new URL(result, ctx.origin).href;
  if (result !== true) throw new AccessDenied("The signIn callback refused the sign-in.");
  return undefined;
}

/**
 * Whether a provider trusted to link by email may link by this profile's `email_verified`. An address it says it
 * has not verified is not trusted; a claim it leaves out is (the reference links without asking), and any other
 * shape than a boolean or its text, which only a broken or hostile IdP sends, is refused.
 */
function mayLinkByEmail(verified: unknown): boolean {
  return verified === undefined || verified === null || verified === true || verified === "true";
}

/** The user signing in; reading who is signed in already may clear a revoked session cookie (`cookies`). */
async function resolveUser(
  ctx: AuthContext,
  attempt: SignInAttempt,
  owner: AdapterUser | null,
): Promise<ResolvedUser & { cookies: OutCookie[] }> {
  const { config } = ctx;
  const { account } = attempt;
  if (!config.adapter || account.type === "credentials")
    return { user: attempt.user as ResolvedUser["user"], isNewUser: false, cookies: [] };
  const { userId: signedIn, cookies } = await currentUserId(ctx);
  const resolved = await failingWith(cookies, () => {
    if (account.type === "email") return resolveEmailUser(ctx, account.providerAccountId, signedIn);
    const allowEmailLinking = (attempt.allowEmailLinking ?? false) && mayLinkByEmail(attempt.profile?.email_verified);
    const proof = providerProof(attempt.profile, attempt.user);
    return resolveAccountUser(ctx, {
      profileUser: attempt.user,
      account,
      signedInUserId: signedIn,
      allowEmailLinking,
      owner,
      proof,
    });
  });
  return { ...resolved, cookies };
}

/**
 * The one finish for every provider type: signIn callback, user and account resolution, session issue
 * (the jwt callback with trigger signIn or signUp, or a database session), events, redirect.
 */
export async function finishSignIn(ctx: AuthContext, attempt: SignInAttempt): Promise<Outcome> {
  const { config } = ctx;
  const known =
    config.adapter && attempt.account.type !== "credentials" && attempt.account.type !== "email"
      ? await storeOf(config).getUserByAccount({
          provider: attempt.account.provider,
          providerAccountId: attempt.account.providerAccountId,
        })
      : null;
  const elsewhere = await checkSignIn(ctx, {
    user: known ?? attempt.user,
    account: attempt.account,
    profile: attempt.profile,
    ...(attempt.credentials ? { credentials: attempt.credentials } : {}),
  });
  if (elsewhere) return redirect(elsewhere);

  const { user, isNewUser, cookies } = await resolveUser(ctx, attempt, known);
  return keeping(cookies, async () => {
    const started = await startSession(ctx, attempt, { user, isNewUser }, known);
    if (known && !user.emailVerified) await stillLinked(ctx, attempt.account, known.id);
    return started;
  });
}

/**
 * A sign-in through an account of an unverified user ends without its cookie when the owner's proof claimed
 * the user meanwhile: the claim removed the account after this sign-in found it, and the session made since
 * is one that the claim's removal of sessions may have missed. Checked after the session is written, so a
 * claim that comes later removes it.
 */
async function stillLinked(ctx: AuthContext, account: Account, userId: string): Promise<void> {
  const { provider, providerAccountId } = account;
  const owner = await storeOf(ctx.config).getUserByAccount({ provider, providerAccountId });
  if (owner?.id !== userId) throw new OAuthAccountNotLinked("The account was removed from its user during the sign-in.");
}

/** The session for the resolved user (the jwt callback, or a database session), the signIn event, and the redirect. */
async function startSession(
  ctx: AuthContext,
  attempt: SignInAttempt,
  { user, isNewUser }: ResolvedUser,
  known: AdapterUser | null,
): Promise<Outcome> {
  const { config } = ctx;
  const account = { ...attempt.account, ...(config.adapter && user.id ? { userId: user.id } : {}) };
  const logout = rpLogoutOf(config);
  const { profile } = attempt;
  const { provedAt } = attempt;
  const cookies = await strategyOf(config).issue(ctx, { user, account, profile, isNewUser, known, logout, provedAt });
  await emit(config, "signIn", { user, account, profile: attempt.profile, isNewUser });

  if (isNewUser && config.pages.newUser) {
    return redirect(withQuery(new URL(config.pages.newUser, ctx.origin).href, { callbackUrl: attempt.callbackUrl }), cookies);
  }
  return redirect(attempt.callbackUrl, cookies);
}
