import { adapterCall } from "../config/adapter-call.js";
import type { AdapterAccount, AdapterUser } from "../adapters/types.js";
import type { AdapterTransactions } from "../adapters/extensions.js";
import { AccountNotLinked, OAuthAccountNotLinked } from "../errors.js";
import type { AuthContext } from "../http/context.js";
import type { Account, User } from "../types.js";
import type { ResolvedConfig } from "../config/types.js";
import { claimUnverifiedUser } from "./claim.js";
import { emit } from "../config/events.js";

export interface ResolvedUser {
  user: AdapterUser;
  isNewUser: boolean;
}

/** createUser then linkAccount as one unit: inside a transaction when the adapter has one, otherwise undone by deleteUser. */
async function createUserWithAccount(config: ResolvedConfig, user: AdapterUser, account: Omit<AdapterAccount, "userId"> | null) {
  const adapter = config.adapter as NonNullable<ResolvedConfig["adapter"]> & Partial<AdapterTransactions>;
  const create = async (target: NonNullable<ResolvedConfig["adapter"]>) => {
    const scoped = { ...config, adapter: target };
    const created = await adapterCall(scoped, "createUser")(user);
    if (!account) return created;
    try {
      await adapterCall(scoped, "linkAccount")({ ...account, userId: created.id } as AdapterAccount);
    } catch (error) {
      if (target === adapter) await adapter.deleteUser?.(created.id);
      throw error;
    }
    return created;
  };
  return typeof adapter.transaction === "function" ? adapter.transaction(create) : create(adapter);
}

/**
 * Finds or creates the user for an OAuth/OIDC or WebAuthn account, applying the linking rules:
 * an account owned by someone else, or a new account whose email belongs to an existing user, is refused
 * with OAuthAccountNotLinked unless the provider allows dangerous email linking.
 */
export async function resolveAccountUser(
  ctx: AuthContext,
  profileUser: User,
  account: Account,
  signedInUserId: string | undefined,
  allowEmailLinking: boolean,
  /** The account's owner, already looked up by the caller. */
  owner: AdapterUser | null,
): Promise<ResolvedUser> {
  const { config } = ctx;
  if (owner) {
    if (signedInUserId && owner.id !== signedInUserId) {
      throw new OAuthAccountNotLinked("The account is already linked to another user.");
    }
    return { user: owner, isNewUser: false };
  }
  const linkTo = async (user: AdapterUser) => {
    const linked = { ...account, userId: user.id } as AdapterAccount;
    await adapterCall(config, "linkAccount")(linked);
    await emit(config, "linkAccount", { user, account: linked, profile: profileUser });
    return { user, isNewUser: false };
  };
  if (signedInUserId) {
    const current = await adapterCall(config, "getUser")(signedInUserId);
    if (current) return linkTo(current);
  }
  const sameEmail = profileUser.email ? await adapterCall(config, "getUserByEmail")(profileUser.email) : null;
  if (sameEmail) {
    if (!allowEmailLinking) {
      throw new OAuthAccountNotLinked("Another account already uses this email address.");
    }
    return linkTo(await claimUnverifiedUser(config, sameEmail));
  }
  const { id: _providerId, ...fields } = profileUser;
  const user = await createUserWithAccount(
    config,
    { ...fields, id: crypto.randomUUID(), email: profileUser.email ?? "", emailVerified: null } as AdapterUser,
    account as Omit<AdapterAccount, "userId">,
  );
  await emit(config, "createUser", { user });
  await emit(config, "linkAccount", { user, account: { ...account, userId: user.id }, profile: profileUser });
  return { user, isNewUser: true };
}

/**
 * Finds or creates the user behind a verified email address and marks the address verified. A user whose
 * address was unverified is claimed first, unless this browser is already signed in as that user.
 */
export async function resolveEmailUser(
  ctx: AuthContext,
  email: string,
  signedInUserId: string | undefined,
): Promise<ResolvedUser> {
  const { config } = ctx;
  const existing = await adapterCall(config, "getUserByEmail")(email);
  if (existing) {
    if (signedInUserId && signedInUserId !== existing.id) {
      throw new AccountNotLinked("This email address belongs to another user.");
    }
    if (existing.emailVerified) return { user: existing, isNewUser: false };
    const claimed = signedInUserId ? existing : await claimUnverifiedUser(config, existing);
    const user = await adapterCall(config, "updateUser")({ id: claimed.id, emailVerified: new Date() });
    await emit(config, "updateUser", { user });
    return { user, isNewUser: false };
  }
  const user = await createUserWithAccount(config, { id: crypto.randomUUID(), email, emailVerified: new Date() }, null);
  await emit(config, "createUser", { user });
  return { user, isNewUser: true };
}
