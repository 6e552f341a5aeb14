import { storeOf, type Store } from "../config/store.js";
import type { AdapterAccount, AdapterUser } from "../adapters/adapter-contract.js";
import { AccountNotLinked, OAuthAccountNotLinked, Verification } from "../sign-in-errors.js";
import type { AuthContext } from "../http/context.js";
import type { Account, User } from "../shared-types.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { claimUnverifiedUser, markVerified } from "./claim.js";
import { provesUnverified, type AddressProof } from "./address-proof.js";
import type { OutCookie } from "../http/cookies.js";
import { currentUserId } from "../session/strategy.js";
import { emit } from "../config/events.js";

export interface ResolvedUser {
  user: AdapterUser;
  isNewUser: boolean;
}

/** createUser then linkAccount as one unit: inside a transaction when the store has one, otherwise undone by deleteUser. */
async function createUserWithAccount(config: ResolvedConfig, user: AdapterUser, account: Omit<AdapterAccount, "userId"> | null) {
  const store = storeOf(config);
  const create = async (target: Store) => {
    const created = await target.createUser(user);
    if (!account) return created;
    try {
      await target.linkAccount({ ...account, userId: created.id } as AdapterAccount);
    } catch (error) {
      if (target === store && store.provides.deleteUser) await store.deleteUser(created.id);
      throw error;
    }
    return created;
  };
  return store.transaction ? store.transaction(create) : create(store);
}

/** An OAuth/OIDC or WebAuthn sign-in, as account resolution needs it. */
export interface AccountSignIn {
  profileUser: User;
  account: Account;
  signedInUserId: string | undefined;
  /** The provider may link by email, and does not say the address is unverified. */
  allowEmailLinking: boolean;
  /** The account's owner, already looked up by the caller. */
  owner: AdapterUser | null;
  /** Whether the provider proved the profile's address. */
  proof: AddressProof | undefined;
}

/**
 * Creates the user (and its account), or answers null when a concurrent sign-in for the same address created one
 * first: the store keeps addresses unique, and this sign-in then goes on as for an existing user.
 */
async function createUnlessTaken(config: ResolvedConfig, user: AdapterUser, account: Omit<AdapterAccount, "userId"> | null) {
  try {
    return await createUserWithAccount(config, user, account);
  } catch (error) {
    // the failure to report is the create's, should the store fail the lookup too
    const lookup = user.email ? Promise.resolve(storeOf(config).getUserByEmail(user.email)) : null;
    const taken = await lookup?.catch(() => null);
    if (taken) return null;
    throw error;
  }
}

/**
 * Finds or creates the user for an OAuth/OIDC or WebAuthn account, applying the linking rules: an account
 * owned by someone else, or a new account whose email belongs to an existing user, is refused with
 * OAuthAccountNotLinked unless the provider allows dangerous email linking. A provider that proves the
 * address marks it verified: on a new user, on the user it links to by email (claiming it first when it was
 * unverified), and on the signed-in user or the owner when the address is theirs. A provider that does not
 * prove it never removes anything.
 */
export async function resolveAccountUser(ctx: AuthContext, signIn: AccountSignIn): Promise<ResolvedUser> {
  const { config } = ctx;
  const { profileUser, account, signedInUserId, owner, proof } = signIn;
  if (owner) {
    if (signedInUserId && owner.id !== signedInUserId) {
      throw new OAuthAccountNotLinked("The account is already linked to another user.");
    }
    // its owner has come in through this account all along: the proof adds nothing to take away
    const user = provesUnverified(owner, profileUser.email, proof) ? await markVerified(config, owner) : owner;
    return { user, isNewUser: false };
  }
  const linkTo = async (user: AdapterUser) => {
    const linked = { ...account, userId: user.id } as AdapterAccount;
    await storeOf(config).linkAccount(linked);
    await emit(config, "linkAccount", { user, account: linked, profile: profileUser });
    return linked;
  };
  if (signedInUserId) {
    const current = await storeOf(config).getUser(signedInUserId);
    if (current) {
      if (provesUnverified(current, profileUser.email, proof)) {
        await linkTo(current);
        return { user: await markVerified(config, current), isNewUser: false };
      }
      await keepIfStillUnverified(config, current, await linkTo(current));
      return { user: current, isNewUser: false };
    }
  }
  const sameEmail = profileUser.email ? await storeOf(config).getUserByEmail(profileUser.email) : null;
  if (sameEmail) {
    if (!signIn.allowEmailLinking) {
      throw new OAuthAccountNotLinked("Another account already uses this email address.");
    }
    const user = proof && !sameEmail.emailVerified ? await claimUnverifiedUser(config, sameEmail) : sameEmail;
    await linkTo(user);
    return { user, isNewUser: false };
  }
  const { id: _providerId, ...fields } = profileUser;
  const user = await createUnlessTaken(
    config,
    {
      ...fields,
      id: crypto.randomUUID(),
      email: profileUser.email ?? "",
      emailVerified: proof ? new Date() : null,
    } as AdapterUser,
    account as Omit<AdapterAccount, "userId">,
  );
  if (!user) return resolveAccountUser(ctx, signIn);
  await emit(config, "createUser", { user });
  await emit(config, "linkAccount", { user, account: { ...account, userId: user.id }, profile: profileUser });
  return { user, isNewUser: true };
}

/**
 * An account linked without proof to a user whose address was unverified stays only while it still is: should a
 * proof of the address have claimed the user meanwhile, the link came from credentials that claim removed, and
 * is undone.
 */
async function keepIfStillUnverified(config: ResolvedConfig, user: AdapterUser, linked: AdapterAccount): Promise<void> {
  if (user.emailVerified) return;
  const now = await storeOf(config).getUser(user.id);
  if (now && !now.emailVerified) return;
  await storeOf(config).unlinkAccount({ provider: linked.provider, providerAccountId: linked.providerAccountId });
  throw new AccountNotLinked("The user's address was proven by its owner while this account was being linked.");
}

/**
 * Finds or creates the user behind a proven email address and marks the address verified. A user whose
 * address was unverified is claimed first, unless this browser is already signed in as that user.
 */
export async function resolveEmailUser(
  ctx: AuthContext,
  email: string,
  signedInUserId: string | undefined,
): Promise<ResolvedUser> {
  const { config } = ctx;
  const existing = await storeOf(config).getUserByEmail(email);
  if (existing) {
    if (signedInUserId && signedInUserId !== existing.id) {
      throw new AccountNotLinked("This email address belongs to another user.");
    }
    if (existing.emailVerified) return { user: existing, isNewUser: false };
    if (signedInUserId === existing.id) return { user: await markVerified(config, existing), isNewUser: false };
    // the link's GET asks first (emailSignInClaims); a user made unverified since then is not claimed by a GET
    if (ctx.request.method !== "POST") throw new Verification("The address's user changed while the link was opened.");
    return { user: await claimUnverifiedUser(config, existing), isNewUser: false };
  }
  const user = await createUnlessTaken(config, { id: crypto.randomUUID(), email, emailVerified: new Date() }, null);
  if (!user) return resolveEmailUser(ctx, email, signedInUserId);
  await emit(config, "createUser", { user });
  return { user, isNewUser: true };
}

/**
 * Whether following an email link for `email` would claim a user, removing what is attached to it: the
 * address's user is unverified and this browser is not signed in as it.
 */
export async function emailSignInClaims(ctx: AuthContext, email: string): Promise<{ claims: boolean; cookies: OutCookie[] }> {
  const existing = await storeOf(ctx.config).getUserByEmail(email);
  if (!existing || existing.emailVerified) return { claims: false, cookies: [] };
  const { userId, cookies } = await currentUserId(ctx);
  return { claims: userId !== existing.id, cookies };
}
