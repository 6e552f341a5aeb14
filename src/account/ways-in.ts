import type { AdapterAccount, AdapterAuthenticator, AdapterUser } from "../adapters/adapter-contract.js";
import type { ResolvedConfig } from "../config/config-types.js";
import { storeOf } from "../config/store.js";
import { factorStoreOf } from "../config/user-factors.js";
import { MissingAdapter } from "../configuration-errors.js";

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

/** The user's accounts, through the store; an adapter that cannot list them cannot serve the account page. */
export function accountsOf(config: ResolvedConfig, userId: string): Promise<AdapterAccount[]> {
  const { listUserAccounts } = storeOf(config);
  if (!listUserAccounts)
    throw new MissingAdapter(
      "The account page lists the user's accounts, and this adapter cannot (it has no listUserAccounts). Use one of sekisho's adapters (sekisho/adapters/*).",
    );
  return listUserAccounts(userId);
}

const configuredOfType = (config: ResolvedConfig, types: readonly string[]) =>
  new Set(config.providers.filter((provider) => types.includes(provider.type)).map((provider) => provider.id));

/** The user's ways in, read now. */
export async function waysIn(config: ResolvedConfig, user: AdapterUser): Promise<WaysIn> {
  const federated = configuredOfType(config, ["oauth", "oidc"]);
  const passkeyProviders = configuredOfType(config, ["webauthn"]);
  const store = storeOf(config);
  const accounts = (await accountsOf(config, user.id)).filter((account) => federated.has(account.provider));
  const passkeys =
    passkeyProviders.size > 0 && store.provides.listAuthenticatorsByUserId ? await store.listAuthenticatorsByUserId(user.id) : [];
  const password = ((await factorStoreOf(config)?.list(user.id, "password")) ?? []).length > 0;
  const email = configuredOfType(config, ["email"]).size > 0 && Boolean(user.email) && Boolean(user.emailVerified);
  return { accounts, passkeys, password, email };
}

export function countWaysIn(ways: WaysIn): number {
  return ways.accounts.length + ways.passkeys.length + (ways.password ? 1 : 0) + (ways.email ? 1 : 0);
}
