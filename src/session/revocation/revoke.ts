import { adapterCall } from "../../config/adapter-call.js";
import type { ResolvedConfig } from "../../config/types.js";
import { AdapterError } from "../../errors.js";
import { CLOCK_TOLERANCE } from "../jwt.js";
import { noteRevocations, sessionRecordStore } from "../records/instance.js";
import { databaseSessionId, isSessionId } from "../records/session-id.js";
import type { Revocation, SessionRecord } from "../../adapters/session-records/store.js";

/**
 * Beyond a token's decoding window, for clocks of instances that disagree and a revocation whose write commits a
 * while after its stamp (a re-issue that raced it may have been issued then).
 */
const revocationMarginMs = 5 * 60_000;

/**
 * How long a revocation stamped now is kept: until every token it refuses has stopped decoding. A token re-issued a
 * moment before lives one `jwt.maxAge`, and decodes `CLOCK_TOLERANCE` seconds past its expiry; a revocation
 * forgotten sooner lets that token be re-issued for a full `maxAge` again.
 */
function revocationLifetimeMs(config: ResolvedConfig): number {
  return (config.jwt.maxAge + CLOCK_TOLERANCE) * 1000 + revocationMarginMs;
}

function revocation(config: ResolvedConfig, kind: Revocation["kind"], key: string): Revocation {
  const revokedAt = Date.now();
  return { kind, key, revokedAt, expires: revokedAt + revocationLifetimeMs(config) };
}

async function recordRevocations(config: ResolvedConfig, revocations: Revocation[]): Promise<void> {
  if (revocations.length === 0) return;
  await sessionRecordStore(config).store.revoke(revocations);
  noteRevocations(config, revocations);
}

function recordsNeeded(): never {
  throw new AdapterError(
    "Revoking database sessions needs an adapter that can list a user's sessions: sekisho's own adapters (Memory, SQLite, PostgreSQL, MySQL, D1, Redis) can.",
  );
}

/**
 * Database strategy: deletes the user's session rows whose public id `ends` accepts (all of them by default),
 * whether or not they were recorded, and their records.
 */
async function deleteDatabaseSessions(
  config: ResolvedConfig,
  userId: string,
  ends: (id: string) => boolean = () => true,
): Promise<number> {
  const { store, shared } = sessionRecordStore(config);
  if (!shared) recordsNeeded();
  const deleteSession = adapterCall(config, "deleteSession");
  let deleted = 0;
  for (const sessionToken of await store.sessionTokens(userId)) {
    if (!ends(await databaseSessionId(sessionToken))) continue;
    await deleteSession(sessionToken);
    deleted += 1;
  }
  await store.remove((await store.list(userId)).map((record) => record.id).filter(ends));
  return deleted;
}

/** Ends the given recorded sessions, of one user or several; returns how many. */
export async function endSessions(config: ResolvedConfig, records: readonly SessionRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  if (config.session.strategy === "jwt") {
    await recordRevocations(
      config,
      records.map((record) => revocation(config, "session", record.id)),
    );
    await sessionRecordStore(config).store.remove(records.map((record) => record.id));
    return records.length;
  }
  let ended = 0;
  for (const userId of new Set(records.map((record) => record.userId))) {
    const ids = new Set(records.filter((record) => record.userId === userId).map((record) => record.id));
    ended += await deleteDatabaseSessions(config, userId, (id) => ids.has(id));
  }
  return ended;
}

/**
 * Ends every session of the user but the one with public id `current`: under the database strategy every row of
 * the user, listed or not (rows from before session records too); under the jwt strategy the recorded ones (a
 * token without a `sid` has nothing to revoke it by but `revokeSessions`).
 */
export async function endOtherSessions(
  config: ResolvedConfig,
  userId: string,
  current: string | undefined,
  records: readonly SessionRecord[],
): Promise<number> {
  if (config.session.strategy === "database") return deleteDatabaseSessions(config, userId, (id) => id !== current);
  return endSessions(
    config,
    records.filter((record) => record.id !== current),
  );
}

/**
 * Ends one session by its public id. Under the jwt strategy the id is refused everywhere within
 * `session.revocationCheckInterval` (at once on this instance), even when no record of it exists;
 * under the database strategy its row is deleted. True when a session was known and ended.
 */
export async function revokeSession(config: ResolvedConfig, sessionId: string): Promise<boolean> {
  if (!isSessionId(sessionId)) return false;
  const { store } = sessionRecordStore(config);
  const record = await store.find(sessionId);
  if (config.session.strategy === "jwt") {
    await recordRevocations(config, [revocation(config, "session", sessionId)]);
    if (record) await store.remove([sessionId]);
    return record !== null;
  }
  return record !== null && (await endSessions(config, [record])) > 0;
}

/** Database strategy, at sign-out (the route deletes the row): the session's record leaves the list. */
export async function forgetDatabaseSession(config: ResolvedConfig, sessionToken: string): Promise<void> {
  const { store, shared } = sessionRecordStore(config);
  if (shared) await store.remove([await databaseSessionId(sessionToken)]);
}

/**
 * Signs a user out everywhere. jwt strategy: every token of the user issued until now is refused (tokens
 * without a `sid` too, by their issue time), and each recorded session by its id. Database strategy:
 * the user's session rows are deleted. Returns how many recorded sessions (jwt) or rows were ended.
 */
export async function revokeSessions(config: ResolvedConfig, { userId }: { userId: string }): Promise<number> {
  if (typeof userId !== "string" || userId === "")
    throw new TypeError("revokeSessions needs { userId }, the id of the user to sign out everywhere.");
  if (config.session.strategy === "database") return deleteDatabaseSessions(config, userId);
  const records = await sessionRecordStore(config).store.list(userId);
  await recordRevocations(config, [revocation(config, "user", userId)]);
  return endSessions(config, records);
}

/**
 * Ends the sessions signed in through `provider`: those whose ID token carried the provider's `sid` when
 * one is given, else every session of the provider's subject `sub`. With both, the subject's sessions whose
 * ID token had no `sid` end too: nothing else can tell which provider session they belong to. Needs the
 * sessions recorded at sign-in, so with no adapter store it ends none.
 */
export async function revokeProviderSessions(
  config: ResolvedConfig,
  query: { provider: string; sid?: string; sub?: string },
): Promise<number> {
  const { provider, sid, sub } = query;
  if (sid === undefined && sub === undefined) throw new TypeError("revokeProviderSessions needs the provider's `sid` or `sub`.");
  const { store } = sessionRecordStore(config);
  if (sid === undefined) return endSessions(config, await store.findByProvider({ provider, sub }));
  const bySid = await store.findByProvider({ provider, sid });
  const unmatched =
    sub === undefined ? [] : (await store.findByProvider({ provider, sub })).filter((record) => record.providerSid === undefined);
  return endSessions(config, [...bySid, ...unmatched]);
}
