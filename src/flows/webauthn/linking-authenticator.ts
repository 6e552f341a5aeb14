import { supportsTransactions } from "../../adapters/extensions.js";
import type { Adapter, AdapterAccount, AdapterAuthenticator } from "../../adapters/adapter-contract.js";

export type NewAuthenticator = Omit<AdapterAuthenticator, "userId">;

async function linkWithAuthenticator(adapter: Adapter, account: AdapterAccount, authenticator: NewAuthenticator): Promise<void> {
  const stored = { ...authenticator, userId: account.userId };
  if (supportsTransactions(adapter)) {
    return adapter.transaction(async (tx) => {
      await tx.linkAccount!(account);
      await tx.createAuthenticator!(stored);
    });
  }
  await adapter.linkAccount!(account);
  try {
    await adapter.createAuthenticator!(stored);
  } catch (error) {
    // The failure to report is the authenticator's, not a failed clean-up's.
    await Promise.resolve(adapter.unlinkAccount?.(account)).catch(() => undefined);
    throw error;
  }
}

/**
 * The adapter as a passkey registration sees it: linking the account also stores its authenticator, both
 * or neither. The shared sign-in finish creates the user and links the account (in one transaction when
 * the adapter has them, else undoing the user), so the authenticator joins that unit rather than following
 * it: a failure leaves no user, account or authenticator behind, and no session.
 */
export function linkingAuthenticator(adapter: Adapter, authenticator: NewAuthenticator): Adapter {
  const overrides: PropertyDescriptorMap = {
    linkAccount: { value: (account: AdapterAccount) => linkWithAuthenticator(adapter, account, authenticator) },
  };
  if (supportsTransactions(adapter)) {
    overrides.transaction = {
      value: <T>(fn: (tx: Adapter) => Promise<T>) => adapter.transaction((tx) => fn(linkingAuthenticator(tx, authenticator))),
    };
  }
  return Object.create(adapter, overrides);
}
