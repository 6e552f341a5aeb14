import type { ResolvedConfig } from "./resolved-config.js";

/**
 * Whether the configured adapter leaves the account page short: it cannot list a user's accounts, or cannot
 * remove a passkey while a WebAuthn provider is configured. Said at start-up, naming the fix, rather than at the
 * first user's visit.
 */
export function accountPageLimited(config: Pick<ResolvedConfig, "store" | "providers">): boolean {
  const { store, providers } = config;
  const passkeys = providers.some((provider) => provider.type === "webauthn");
  return !store.listUserAccounts || (passkeys && !store.deleteUserAuthenticator);
}
