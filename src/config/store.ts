import { AdapterError, MissingAdapter } from "../configuration-errors.js";
import type { Adapter, AdapterMethod } from "../adapters/adapter-contract.js";
import {
  supportsAccountListing,
  supportsAccountUpdates,
  supportsDetach,
  supportsPasskeyDeletion,
  supportsPurge,
  supportsTransactions,
  supportsUserLock,
  type AdapterAccounts,
  type AdapterDetach,
  type AdapterPasskeys,
  type AdapterPurge,
} from "../adapters/extensions.js";
import { adapterStore, type RateLimitStore } from "../adapters/rate-limit/rate-limit-store.js";
import {
  adapterSessionRecords,
  type RevocationView,
  type SessionRecordStore,
} from "../adapters/session-records/session-record-store.js";
import { memorySessionRecordStore } from "../adapters/session-records/memory-session-records.js";
import type { Memo } from "../memo.js";
import { adapterUserFactors, type UserFactorStore } from "../adapters/user-factors/factor-store.js";

/** The adapter contract's methods, the one list of them outside the adapters; the type keeps it complete. */
const contract: Record<AdapterMethod, true> = {
  createUser: true,
  getUser: true,
  getUserByEmail: true,
  getUserByAccount: true,
  updateUser: true,
  deleteUser: true,
  linkAccount: true,
  unlinkAccount: true,
  getAccount: true,
  createSession: true,
  getSessionAndUser: true,
  updateSession: true,
  deleteSession: true,
  createVerificationToken: true,
  useVerificationToken: true,
  createAuthenticator: true,
  getAuthenticator: true,
  listAuthenticatorsByUserId: true,
  updateAuthenticatorCounter: true,
};

/** Each contract method's name, read as a property so that a list of them is checked by the compiler. */
const m = Object.fromEntries(Object.keys(contract).map((method) => [method, method])) as {
  readonly [M in AdapterMethod]: M;
};
const databaseSessions = [m.createSession, m.getSessionAndUser, m.updateSession, m.deleteSession] as const;

/** The contract methods each feature calls, by feature: start-up names those the adapter lacks. */
export const needs = {
  /** Finding, creating and linking users: sign-in with OAuth, email or a passkey. */
  users: [m.createUser, m.getUser, m.getUserByEmail, m.getUserByAccount, m.updateUser, m.linkAccount],
  emailSignIn: [m.createVerificationToken, m.useVerificationToken, m.getUserByEmail],
  passkeys: [
    m.getAccount,
    m.getAuthenticator,
    m.createAuthenticator,
    m.listAuthenticatorsByUserId,
    m.updateAuthenticatorCounter,
    m.createVerificationToken,
    m.useVerificationToken,
  ],
  /** The Password provider's users: found by address, created at sign-up, marked verified by its proof. */
  passwords: [m.createUser, m.getUser, m.getUserByEmail, m.updateUser],
  databaseSessions,
  /** Database sessions with a credentials provider, whose user must be in the users table. */
  credentialsDatabaseSessions: [...databaseSessions, m.getUser],
  /** A session row made for a test (`sekisho/testing`'s `databaseSession`). */
  testSession: [m.getUserByEmail, m.createUser, m.createSession],
} as const satisfies Record<string, readonly AdapterMethod[]>;

type Call<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

/** Every contract method, bound; one the adapter lacks fails when called, naming itself. */
export type StoreContract = { readonly [M in AdapterMethod]-?: Call<NonNullable<Adapter[M]>> };

/**
 * The configured adapter as the core calls it, built once when the configuration is resolved: its contract
 * methods with failures wrapped in AdapterError (naming the method, without the driver's values), and its
 * optional capabilities, each present when the adapter has it.
 */
export interface Store extends StoreContract {
  /** Which contract methods the adapter has. */
  readonly provides: Readonly<Record<AdapterMethod, boolean>>;
  /** The atomic counters (rate limits, leases, replay) the adapter keeps on its database. */
  readonly counters?: RateLimitStore;
  readonly sessionRecords?: SessionRecordStore;
  readonly userFactors?: UserFactorStore;
  /** Runs `fn` as one unit: if it throws, none of the writes through the store it is handed remain. */
  readonly transaction?: <T>(fn: (tx: Store) => Promise<T>) => Promise<T>;
  /** Runs `fn` in a transaction that holds the user: another such call for the same user waits until it ends. */
  readonly withUserLocked?: <T>(userId: string, fn: (tx: Store) => Promise<T>) => Promise<T>;
  readonly purgeExpired?: AdapterPurge["purgeExpired"];
  readonly detachUser?: AdapterDetach["detachUser"];
  /** Finding a user's account at a provider, and changing an account's stored fields. */
  readonly accountUpdates?: Pick<AdapterAccounts, "getUserAccount" | "updateAccount">;
  /** Every account linked to a user: the account page's linked providers. */
  readonly listUserAccounts?: AdapterAccounts["listUserAccounts"];
  /** Deleting one passkey of a user: the account page's "Remove". */
  readonly deleteUserAuthenticator?: AdapterPasskeys["deleteUserAuthenticator"];
}

/** What a driver's error may keep on its way to the app's logger: what failed and where, never with what values. */
const describingFields = ["code", "errno", "sqlState", "severity", "schema", "table", "column", "constraint"] as const;

/**
 * The driver's error without the values it quotes: mysql2 keeps the SQL with the values written in (`sql`) and
 * MySQL names a duplicate's value in its message, pg a unique violation's value (`detail`), ioredis the
 * command's arguments (`command`). A session token is among them, and a logger that writes every field of an
 * error (pino, Sentry) would keep it.
 */
function withoutValues(error: unknown): Error {
  if (!(error instanceof Error)) return new Error("The adapter failed with a value that is not an Error.");
  const message = error.message.replace(/Duplicate entry '(?:[^'\\]|\\.)*'/, "Duplicate entry '…'");
  const copy = new Error(message) as Error & Record<string, unknown>;
  copy.name = error.name;
  const frames = error.stack?.indexOf("\n    at ") ?? -1;
  copy.stack = `${error.name}: ${message}${frames < 0 ? "" : error.stack?.slice(frames)}`;
  for (const field of describingFields) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === "string" || typeof value === "number") copy[field] = value;
  }
  return copy;
}

type AnyMethod = (...args: unknown[]) => unknown;

/** `method` of `adapter`, bound, its failures wrapped; one it lacks fails naming it. */
function wrapped(adapter: Adapter | undefined, method: string): AnyMethod {
  const fn = (adapter as Record<string, unknown> | undefined)?.[method];
  if (!adapter) {
    return async () => {
      throw new MissingAdapter(`This operation needs an adapter (it calls ${method}). Set \`adapter\` in the configuration.`);
    };
  }
  if (typeof fn !== "function") {
    return async () => {
      throw new AdapterError(
        `The adapter does not implement ${method}, which this operation needs. Add ${method} to the adapter.`,
      );
    };
  }
  return async (...args) => {
    try {
      return await fn.apply(adapter, args);
    } catch (error) {
      throw new AdapterError(`The adapter's ${method} failed.`, { err: withoutValues(error) });
    }
  };
}

/** The store over `adapter` (none: every method fails with MissingAdapter). */
export function buildStore(adapter: Adapter | undefined): Store {
  const methods = Object.keys(contract) as AdapterMethod[];
  const calls = Object.fromEntries(methods.map((method) => [method, wrapped(adapter, method)]));
  const provides = Object.fromEntries(
    methods.map((method) => [method, typeof (adapter as Record<string, unknown> | undefined)?.[method] === "function"]),
  );
  const store: Record<string, unknown> = {
    ...calls,
    provides: Object.freeze(provides),
    counters: adapterStore(adapter),
    sessionRecords: adapterSessionRecords(adapter),
    userFactors: adapterUserFactors(adapter),
  };
  if (adapter && supportsTransactions(adapter))
    store.transaction = <T>(fn: (tx: Store) => Promise<T>) => adapter.transaction((tx) => fn(buildStore(tx)));
  if (adapter && supportsUserLock(adapter))
    store.withUserLocked = <T>(userId: string, fn: (tx: Store) => Promise<T>) =>
      adapter.transaction(async (tx) => {
        await wrapped(tx, "lockUser")(userId);
        return fn(buildStore(tx));
      });
  if (adapter && supportsPurge(adapter)) store.purgeExpired = wrapped(adapter, "purgeExpired");
  if (adapter && supportsDetach(adapter)) store.detachUser = wrapped(adapter, "detachUser");
  if (adapter && supportsAccountUpdates(adapter))
    store.accountUpdates = Object.freeze({
      getUserAccount: wrapped(adapter, "getUserAccount"),
      updateAccount: wrapped(adapter, "updateAccount"),
    });
  if (adapter && supportsAccountListing(adapter)) store.listUserAccounts = wrapped(adapter, "listUserAccounts");
  if (adapter && supportsPasskeyDeletion(adapter)) store.deleteUserAuthenticator = wrapped(adapter, "deleteUserAuthenticator");
  return Object.freeze(store) as unknown as Store;
}

/** The store the configuration was resolved with. */
export const storeOf = (config: { readonly store: Store }): Store => config.store;

/** Where sessions are recorded and revocations kept, with the instance's cached views of its revocations. */
export interface SessionRecords {
  store: SessionRecordStore;
  /** False for a store in this process alone: a revocation then reaches no other process. */
  shared: boolean;
  /** The instance's views of the store's revocations, by check interval (`session/records/record.ts` makes them). */
  views: Map<number, RevocationView>;
}

const localStoresKey = Symbol.for("sekisho.sessionRecords.local");
const viewsKey = Symbol.for("sekisho.revocationViews");

/**
 * The session records of a configuration, chosen once when it is resolved: the adapter's store when it has one
 * (sekisho's adapters), shared by every instance; else a store in this process alone. The local store is one per
 * secret: instances sharing a memo (Next.js's route bundles, a lazy configuration's tenants) share it only when
 * they accept each other's cookies, so revoking user "1" of one configuration does not sign out user "1" of
 * another. The views are the memo's for that store, so instances sharing a memo share them.
 */
export function chooseSessionRecords(store: Store, memo: Memo, secrets: readonly string[]): SessionRecords {
  let chosen = store.sessionRecords;
  if (!chosen) {
    const local = memo(localStoresKey, () => new Map<string, SessionRecordStore>());
    const key = secrets.join("\n");
    chosen = local.get(key);
    if (!chosen) local.set(key, (chosen = memorySessionRecordStore()));
  }
  const all = memo(viewsKey, () => new WeakMap<SessionRecordStore, Map<number, RevocationView>>());
  let views = all.get(chosen);
  if (!views) all.set(chosen, (views = new Map()));
  return Object.freeze({ store: chosen, shared: chosen === store.sessionRecords, views });
}
