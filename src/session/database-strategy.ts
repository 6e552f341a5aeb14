import type { AdapterAccount } from "../adapters/adapter-contract.js";
import type { SessionRecord } from "../adapters/session-records/session-record-store.js";
import { needs, storeOf } from "../config/store.js";
import { developerHints, type DeveloperHint } from "../config/developer-hints.js";
import { emit } from "../config/events.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { CallbackRouteError } from "../errors.js";
import { AdapterError } from "../configuration-errors.js";
import { databaseSessionToken } from "./cookie.js";
import { currentDatabaseSession, databaseProof, issueSessionRow, readDatabaseSession } from "./database-session.js";
import { sessionRecordStore, databaseSessionId, signInSource } from "./records/record.js";
import { databaseAccessToken, keepLatestTokens } from "./provider-tokens/database-provider-tokens.js";
import { proofOfStart, type SessionStrategy } from "./strategy.js";

function recordsNeeded(): never {
  throw new AdapterError(
    "Revoking database sessions needs an adapter that can list a user's sessions: sekisho's own adapters (Memory, SQLite, PostgreSQL, MySQL, D1, Redis) can.",
  );
}

/**
 * Deletes the user's session rows whose public id `ends` accepts (all of them by default), whether or not they
 * were recorded, and their records.
 */
async function deleteSessions(
  config: ResolvedConfig,
  userId: string,
  ends: (id: string) => boolean = () => true,
): Promise<number> {
  const { store, shared } = sessionRecordStore(config);
  if (!shared) recordsNeeded();
  const deleteSession = storeOf(config).deleteSession;
  let deleted = 0;
  for (const sessionToken of await store.sessionTokens(userId)) {
    if (!ends(await databaseSessionId(sessionToken))) continue;
    await deleteSession(sessionToken);
    deleted += 1;
  }
  await store.remove((await store.list(userId)).map((record) => record.id).filter(ends));
  return deleted;
}

async function endSessions(config: ResolvedConfig, records: readonly SessionRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  let ended = 0;
  for (const userId of new Set(records.map((record) => record.userId))) {
    const ids = new Set(records.filter((record) => record.userId === userId).map((record) => record.id));
    ended += await deleteSessions(config, userId, (id) => ids.has(id));
  }
  return ended;
}

/**
 * Sessions in the adapter's database, with only the row's token in the cookie: ended by deleting rows, every row of
 * the user, listed or not (rows from before session records too).
 */
export const databaseStrategy: SessionStrategy = {
  name: "database",
  adapterMethods: (providerTypes) =>
    providerTypes.has("credentials") ? needs.credentialsDatabaseSessions : needs.databaseSessions,
  needsAdapter: 'session.strategy "database"',
  issueMaxAge: (maxAges) => maxAges.session,
  // a reference adapter has nowhere to keep a session's sign-in time; sekisho's session records do
  knowsSignInTime: (store) => store.sessionRecords !== undefined,
  reachesProviderTokens: (store) => store.accountUpdates !== undefined || store.provides.getAccount,
  read: readDatabaseSession,
  current: currentDatabaseSession,
  proof: databaseProof,
  emailChanged: async () => [],
  async issue(ctx, start) {
    const { config } = ctx;
    const { user, account, profile, known, logout } = start;
    if (account.type === "credentials" && !(await storeOf(config).getUser(user.id))) {
      const hint: DeveloperHint = "credentials-database";
      throw new CallbackRouteError(
        `authorize returned a user with id "${user.id}", which is not in the users table. ${developerHints[hint]}`,
        {
          hint,
        },
      );
    }
    if (known) await logout?.keepLatestIdToken(config, account as AdapterAccount);
    await keepLatestTokens(config, account as AdapterAccount, !known);
    return issueSessionRow(ctx, user.id, signInSource(account, profile, proofOfStart(start)));
  },
  async end(ctx, logout) {
    const { config } = ctx;
    const sessionToken = databaseSessionToken(ctx);
    const hint = sessionToken && logout ? await logout.storedHint(ctx, sessionToken) : undefined;
    const session = sessionToken ? await storeOf(config).deleteSession(sessionToken) : null;
    if (sessionToken) {
      // the session's record leaves the list
      const { store, shared } = sessionRecordStore(config);
      if (shared) await store.remove([await databaseSessionId(sessionToken)]);
    }
    await emit(config, "signOut", { session });
    return { hint, cookies: [] };
  },
  endSessions,
  endOtherSessions: (config, userId, current) => deleteSessions(config, userId, (id) => id !== current),
  async revokeSession(config, sessionId) {
    const record = await sessionRecordStore(config).store.find(sessionId);
    return record !== null && (await endSessions(config, [record])) > 0;
  },
  revokeSessions: (config, userId) => deleteSessions(config, userId),
  // `detachUser` (or `deleteUser`) removes the session rows with the accounts
  endClaimedSessions: async () => {},
  // `deleteUser` removes the session rows (the Auth.js contract); sekisho's records of them go here
  async endDeletedUserSessions(config, userId) {
    if (sessionRecordStore(config).shared) await deleteSessions(config, userId);
  },
  accessToken: databaseAccessToken,
};
