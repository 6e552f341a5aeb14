import { storeOf } from "../config/store.js";
import { AccessDenied, OAuthAccountNotLinked } from "../sign-in-errors.js";
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
import type { SignInGateRef } from "../config/two-factor-feature.js";
import type { ResolvedConfig } from "../config/resolved-config.js";

/** A sign-in whose first factor is done and whose user is resolved, before any session is issued. */
export interface HeldSignIn {
  user: User & { id: string };
  account: Account;
  isNewUser: boolean;
  /** The account already belonged to the user before this sign-in. */
  known: boolean;
  /** The user was unverified: after the session is issued, the account must still be theirs (`stillLinked`). */
  checkLinked: boolean;
  /** Where to go afterwards, already passed through the redirect callback. */
  callbackUrl: string;
  /** When the user proved who they are, when the provider says (seconds); absent: now. */
  provedAt?: number;
  /** A passkey sign-in whose authenticator verified the user (a PIN, a fingerprint): two factors in one. */
  userVerified?: boolean;
}

/**
 * What stands between every first factor and its session: `finishSignIn` asks it last, for every provider type.
 * The two-factor feature implements it (`two-factor/second-factor-gate.ts`) and brings it in `twoFactor: twoFactor()`,
 * so the flows import no feature.
 */
export interface SignInGate extends SignInGateRef {
  /** An outcome that holds the sign-in for a second step, with no session cookie; undefined lets it through. */
  hold(ctx: AuthContext, signIn: HeldSignIn): Promise<Outcome | undefined>;
}

/** The configured gate, or undefined when nothing holds a sign-in. */
export function gateOf(config: ResolvedConfig): SignInGate | undefined {
  return config.twoFactor?.feature.gate as SignInGate | undefined;
}

export interface SignInAttempt {
  user: User;
  account: Account;
  profile?: Profile;
  credentials?: Record<string, unknown>;
  allowEmailLinking?: boolean;
  /** Where to go afterwards, already passed through the redirect callback. */
  callbackUrl: string;
  /** A passkey's authenticator verified the user. */
  userVerified?: boolean;
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
    const signIn: HeldSignIn = {
      user,
      account: attempt.account,
      isNewUser,
      known: known !== null,
      checkLinked: known !== null && !user.emailVerified,
      callbackUrl: attempt.callbackUrl,
      userVerified: attempt.userVerified,
      provedAt: attempt.provedAt,
    };
    const held = await gateOf(config)?.hold(ctx, signIn);
    return held ?? startSession(ctx, signIn, { profile: attempt.profile, known });
  });
}

/**
 * The end of a sign-in the gate held, once its second factor is given: the session, with how the user proved who
 * they are (`methods`: the first factor's provider id, then the second factor).
 */
export function resumeSignIn(ctx: AuthContext, signIn: HeldSignIn, methods: string[]): Promise<Outcome> {
  const known = signIn.known ? (signIn.user as AdapterUser) : null;
  // both factors are proven now
  return startSession(ctx, { ...signIn, provedAt: undefined }, { known, methods });
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

/**
 * The session for the resolved user (the jwt callback, or a database session), the signIn event, and the redirect;
 * then, for a user who was unverified, the check that the account is still theirs.
 */
async function startSession(
  ctx: AuthContext,
  signIn: HeldSignIn,
  { profile, known, methods }: { profile?: Profile; known: AdapterUser | null; methods?: string[] },
): Promise<Outcome> {
  const { config } = ctx;
  const { user, isNewUser } = signIn;
  const account = { ...signIn.account, ...(config.adapter && user.id ? { userId: user.id } : {}) };
  const logout = rpLogoutOf(config);
  const { provedAt } = signIn;
  const cookies = await strategyOf(config).issue(ctx, { user, account, profile, isNewUser, known, logout, methods, provedAt });
  if (config.events.signIn) await emit(config, "signIn", { user, account, profile, isNewUser });
  if (signIn.checkLinked) await stillLinked(ctx, signIn.account, user.id);

  if (isNewUser && config.pages.newUser) {
    return redirect(withQuery(new URL(config.pages.newUser, ctx.origin).href, { callbackUrl: signIn.callbackUrl }), cookies);
  }
  return redirect(signIn.callbackUrl, cookies);
}
