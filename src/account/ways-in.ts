import type { AdapterAccount, AdapterAuthenticator, AdapterUser } from "../adapters/adapter-contract.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { storeOf, type Store } from "../config/store.js";
import { factorStoreOf } from "../config/user-factors.js";

/**
 * What lets the user sign in: a linked account of a configured OAuth or OIDC provider, a passkey (with a
 * WebAuthn provider configured), a password, and their email address when an email provider is configured and
 * the address is verified. A credentials provider's own check is the app's and is not counted: sekisho cannot
 * know whom it lets in.
 */
export interface WaysIn {
  accounts: AdapterAccount[];
  passkeys: AdapterAuthenticator[];
  password: boolean;
  email: boolean;
}

/** The user's accounts, through the store; undefined when the adapter cannot list them (one written for Auth.js). */
export async function accountsOf(
  config: ResolvedConfig,
  userId: string,
  store: Store = storeOf(config),
): Promise<AdapterAccount[] | undefined> {
  return store.listUserAccounts?.(userId);
}

const configuredOfType = (config: ResolvedConfig, types: readonly string[]) =>
  new Set(config.providers.filter((provider) => types.includes(provider.type)).map((provider) => provider.id));

/** Whether the user has a password: a `password` factor in the user-factor store. */
export async function hasPassword(config: ResolvedConfig, userId: string): Promise<boolean> {
  return ((await factorStoreOf(config)?.list(userId, "password")) ?? []).length > 0;
}

/**
 * The user's ways in, read now: accounts and passkeys through `store` (a transaction's, where one holds the user),
 * and `password` when already read, since the user-factor store is outside that transaction.
 */
export async function waysIn(
  config: ResolvedConfig,
  user: AdapterUser,
  { store = storeOf(config), password }: { store?: Store; password?: boolean } = {},
): Promise<WaysIn> {
  const federated = configuredOfType(config, ["oauth", "oidc"]);
  const passkeyProviders = configuredOfType(config, ["webauthn"]);
  // Accounts an adapter cannot list count as none: a removal is then allowed only when the ways it can see are enough.
  const accounts = ((await accountsOf(config, user.id, store)) ?? []).filter((account) => federated.has(account.provider));
  const passkeys =
    passkeyProviders.size > 0 && store.provides.listAuthenticatorsByUserId ? await store.listAuthenticatorsByUserId(user.id) : [];
  return { accounts, passkeys, password: password ?? (await hasPassword(config, user.id)), email: hasEmailWayIn(config, user) };
}

/** The email address is a way in with an email provider, once it is verified. */
function hasEmailWayIn(config: ResolvedConfig, user: AdapterUser): boolean {
  return configuredOfType(config, ["email"]).size > 0 && Boolean(user.email) && Boolean(user.emailVerified);
}

export function countWaysIn(ways: WaysIn): number {
  return ways.accounts.length + ways.passkeys.length + (ways.password ? 1 : 0) + (ways.email ? 1 : 0);
}
