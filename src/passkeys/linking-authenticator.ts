import type { AdapterAccount, AdapterAuthenticator } from "../adapters/adapter-contract.js";
import type { Store } from "../config/store.js";

export type NewAuthenticator = Omit<AdapterAuthenticator, "userId">;

async function linkWithAuthenticator(store: Store, account: AdapterAccount, authenticator: NewAuthenticator): Promise<void> {
  const stored = { ...authenticator, userId: account.userId };
  if (store.transaction) {
    return store.transaction(async (tx) => {
      await tx.linkAccount(account);
      await tx.createAuthenticator(stored);
    });
  }
  await store.linkAccount(account);
  try {
    await store.createAuthenticator(stored);
  } catch (error) {
    // The failure to report is the authenticator's, not a failed clean-up's.
    if (store.provides.unlinkAccount) await store.unlinkAccount(account).catch(() => undefined);
    throw error;
  }
}

/**
 * The store as a passkey registration sees it: linking the account also stores its authenticator, both
 * or neither. The shared sign-in finish creates the user and links the account (in one transaction when
 * the store has them, else undoing the user), so the authenticator joins that unit rather than following
 * it: a failure leaves no user, account or authenticator behind, and no session.
 */
export function linkingAuthenticator(store: Store, authenticator: NewAuthenticator): Store {
  const { transaction } = store;
  return Object.freeze({
    ...store,
    linkAccount: (account: AdapterAccount) => linkWithAuthenticator(store, account, authenticator),
    transaction:
      transaction && (<T>(fn: (tx: Store) => Promise<T>) => transaction((tx) => fn(linkingAuthenticator(tx, authenticator)))),
  });
}
