import type { Adapter, AdapterAccount, AdapterSession, AdapterUser } from "./adapter-contract.js";

/**
 * Optional capability beyond the Auth.js contract: run several adapter calls as one unit.
 * If `fn` throws, none of its writes remain. The adapter handed to `fn` performs its calls inside
 * the transaction; calling `transaction` on it again joins the same transaction.
 */
export interface AdapterTransactions {
  transaction<T>(fn: (tx: Adapter) => Promise<T>): Promise<T>;
}

/**
 * Optional capability beyond the Auth.js contract, of adapters whose transactions isolate: `lockUser`, called on the
 * adapter a `transaction` hands its function, holds the user until that transaction ends, so that transactions
 * locking the same user run one after another and each reads what the one before it wrote.
 */
export interface AdapterUserLock {
  lockUser(userId: string): Promise<void>;
}

/** How many expired records one `purgeExpired` call deleted. */
export interface PurgeResult {
  sessions: number;
  /** Email sign-in links and codes, and the WebAuthn challenges, which are stored as verification tokens. */
  verificationTokens: number;
}

/**
 * Optional capability beyond the Auth.js contract: delete the sessions and verification tokens
 * whose `expires` is before `now` (default and latest: the current time), at most `limit` of each
 * when it is given. The contract deletes an expired session only when it is presented, and a
 * verification token only when it is used, so without this the others stay in the store for good.
 * sekisho calls it in passing as requests arrive; running it again at the same `now` deletes nothing more.
 */
export interface AdapterPurge {
  purgeExpired(now?: Date, limit?: number): Promise<PurgeResult>;
}

/**
 * Optional capability beyond the Auth.js contract: delete every account, session and authenticator of
 * a user, and the user's factors where the adapter keeps them (second factors, backup codes, trusted
 * devices, the password hash), and keep the user record. The contract can neither list a user's accounts
 * nor their sessions, so without this the only way to take every credential off a user is `deleteUser`.
 * A claim of an unverified user uses it: what was attached without proof goes, factors included.
 */
export interface AdapterDetach {
  detachUser(userId: string): Promise<void>;
}

/** An account's key and the fields to change; a field given as null is cleared. */
export type AccountUpdate = Pick<AdapterAccount, "provider" | "providerAccountId"> & { [field: string]: unknown };

/**
 * Optional capability beyond the Auth.js contract: find a user's account at a provider, list the user's
 * accounts (the account page's linked providers), and change the stored fields of an account (its tokens,
 * as they are refreshed). The contract can do none of these.
 */
export interface AdapterAccounts {
  getUserAccount(userId: string, provider: string): Promise<AdapterAccount | null>;
  /** Every account linked to the user, [] for none or an unknown user. */
  listUserAccounts(userId: string): Promise<AdapterAccount[]>;
  /** Resolves to the account as stored afterwards, or null when there is no such account. */
  updateAccount(update: AccountUpdate): Promise<AdapterAccount | null>;
}

/**
 * Optional capability beyond the Auth.js contract: delete one passkey of a user (the account page's "Remove").
 * The contract can create, read and count passkeys but not delete one. Scoped by the user: a credential ID of
 * another user's passkey deletes nothing. Resolves to whether this call deleted it.
 */
export interface AdapterPasskeys {
  deleteUserAuthenticator(userId: string, credentialID: string): Promise<boolean>;
}

/**
 * What `getSessionAndUser` of sekisho's adapters resolves to: the contract's pair and, read with it, the
 * `refresh_error` of one of the user's accounts when the provider refused to refresh its tokens.
 */
export type SessionAndUser = { session: AdapterSession; user: AdapterUser; refreshError?: string };

/** What sekisho's own adapters return: every contract method, plus transactions, purging and detaching. */
export type TransactionalAdapter = Omit<Required<Adapter>, "getSessionAndUser"> & {
  getSessionAndUser(sessionToken: string): Promise<SessionAndUser | null>;
  // members rather than `& AdapterPurge`: an object type, unlike an interface, stays assignable to records
  purgeExpired: AdapterPurge["purgeExpired"];
  detachUser: AdapterDetach["detachUser"];
  getUserAccount: AdapterAccounts["getUserAccount"];
  listUserAccounts: AdapterAccounts["listUserAccounts"];
  updateAccount: AdapterAccounts["updateAccount"];
  deleteUserAuthenticator: AdapterPasskeys["deleteUserAuthenticator"];
  transaction<T>(fn: (tx: TransactionalAdapter) => Promise<T>): Promise<T>;
  lockUser?: AdapterUserLock["lockUser"];
};

export function supportsPurge(adapter: Adapter): adapter is Adapter & AdapterPurge {
  return typeof (adapter as Partial<AdapterPurge>).purgeExpired === "function";
}

export function supportsDetach(adapter: Adapter): adapter is Adapter & AdapterDetach {
  return typeof (adapter as Partial<AdapterDetach>).detachUser === "function";
}

export function supportsAccountUpdates(
  adapter: Adapter,
): adapter is Adapter & Pick<AdapterAccounts, "getUserAccount" | "updateAccount"> {
  const candidate = adapter as Partial<AdapterAccounts>;
  return typeof candidate.updateAccount === "function" && typeof candidate.getUserAccount === "function";
}

export function supportsAccountListing(adapter: Adapter): adapter is Adapter & Pick<AdapterAccounts, "listUserAccounts"> {
  return typeof (adapter as Partial<AdapterAccounts>).listUserAccounts === "function";
}

export function supportsPasskeyDeletion(adapter: Adapter): adapter is Adapter & AdapterPasskeys {
  return typeof (adapter as Partial<AdapterPasskeys>).deleteUserAuthenticator === "function";
}

export function supportsTransactions(adapter: Adapter): adapter is Adapter & AdapterTransactions {
  return typeof (adapter as Partial<AdapterTransactions>).transaction === "function";
}

export function supportsUserLock(adapter: Adapter): adapter is Adapter & AdapterTransactions & AdapterUserLock {
  return supportsTransactions(adapter) && typeof (adapter as Partial<AdapterUserLock>).lockUser === "function";
}

/**
 * The instant `purgeExpired` deletes before: `now`, or the current time. A `now` still to come is
 * refused: it would delete live sessions, signing their users out. So is a `limit` that is not a count.
 */
export function purgeCutoff(now: Date = new Date(), limit?: number): Date {
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit > 0))
    throw new RangeError("purgeExpired: `limit` must be a positive integer");
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new TypeError("purgeExpired: `now` must be a valid Date");
  if (now.getTime() > Date.now()) throw new RangeError("purgeExpired: `now` is in the future; live sessions would be deleted");
  return now;
}
