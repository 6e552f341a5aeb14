import type { ResolvedConfig } from "../../config/config-types.js";
import type { SessionRecords } from "../../config/store.js";
import type {
  Revocation,
  RevocableToken,
  RevocationView,
  SessionRecordStore,
} from "../../adapters/session-records/session-record-store.js";
import { hasOutlived, sessionStartOf } from "../strategy.js";

/**
 * How far before its last look an instance reads again: revocations are stamped by the clock of the
 * instance that made them, and a transaction can commit a moment after its stamp.
 */
export const revocationOverlapMs = 60_000;

/**
 * An instance's copy of the revocations in `store`, read again at most once per `intervalMs`. Each read asks
 * only for what was recorded since the previous one (less the overlap), and concurrent checks share it.
 */
export function createRevocationView(
  store: SessionRecordStore,
  intervalMs: number,
  now: () => number = Date.now,
): RevocationView {
  const sessions = new Map<string, number>();
  const users = new Map<string, Revocation>();
  let readAt = Number.NEGATIVE_INFINITY;
  let cursor = 0;
  let reading: Promise<void> | undefined;

  function note(revocations: readonly Revocation[]): void {
    for (const revocation of revocations) {
      if (revocation.kind === "session") sessions.set(revocation.key, revocation.expires);
      else if ((users.get(revocation.key)?.revokedAt ?? 0) < revocation.revokedAt) users.set(revocation.key, revocation);
    }
  }

  function forget(at: number): void {
    for (const [sid, expires] of sessions) if (expires <= at) sessions.delete(sid);
    for (const [userId, revocation] of users) if (revocation.expires <= at) users.delete(userId);
  }

  async function read(): Promise<void> {
    const startedAt = now();
    note(await store.revokedSince(cursor));
    forget(startedAt);
    cursor = Math.max(0, startedAt - revocationOverlapMs);
    readAt = startedAt;
  }

  async function fresh(): Promise<void> {
    if (now() - readAt < intervalMs) return;
    reading ??= read().finally(() => {
      reading = undefined;
    });
    await reading;
  }

  return {
    async isRevoked(token) {
      await fresh();
      if (typeof token.sid === "string" && sessions.has(token.sid)) return true;
      const revokedUser = typeof token.sub === "string" ? users.get(token.sub) : undefined;
      if (revokedUser === undefined) return false;
      // By when the session started, not when this token was issued: a re-issue that raced the revocation keeps
      // its session's start. Whole seconds: a session from the second of the revocation counts as started before it.
      const start = sessionStartOf(token);
      return start === undefined || start * 1000 <= revokedUser.revokedAt;
    },
    readNow: read,
    note,
  };
}

/**
 * Where sessions are recorded and revocations kept, with the instance's views of them, chosen once when the
 * configuration was resolved (`config/store.ts`): the adapter's store, shared by every instance, or one in this
 * process alone (`shared: false`).
 */
export function sessionRecordStore(config: ResolvedConfig): SessionRecords {
  return config.sessionRecords;
}

/**
 * The instance's cached view of the revocations in the configuration's store: one per store and check interval,
 * so instances sharing a memo share a view only when they asked for the same delay.
 */
function revocationView(config: ResolvedConfig): RevocationView {
  const { store, views } = config.sessionRecords;
  const intervalMs = config.session.revocationCheckInterval * 1000;
  let view = views.get(intervalMs);
  if (!view) views.set(intervalMs, (view = createRevocationView(store, intervalMs)));
  return view;
}

/** Revocations this instance just recorded reach every view of the store in the memo at once. */
export function noteRevocations(config: ResolvedConfig, revocations: readonly Revocation[]): void {
  for (const view of config.sessionRecords.views.values()) view.note(revocations);
}

async function refusalOf(
  config: ResolvedConfig,
  token: RevocableToken,
  look: (view: RevocationView) => Promise<boolean>,
): Promise<"revoked" | "unknown" | false> {
  if (hasOutlived(config.session, token, Date.now())) return "revoked";
  try {
    return (await look(revocationView(config))) ? "revoked" : false;
  } catch (error) {
    config.logger.error(error instanceof Error ? error : new Error(String(error)));
    return "unknown";
  }
}

/**
 * Whether the instance refuses `token`: "revoked" when its revocation view (at most one check interval old) holds
 * it or its session has passed `session.absoluteMaxAge`, "unknown" when the view cannot be read (logged; callers
 * fail closed), else false.
 */
export function revocationOf(config: ResolvedConfig, token: RevocableToken): Promise<"revoked" | "unknown" | false> {
  return refusalOf(config, token, (view) => view.isRevoked(token));
}

/** As `revocationOf`, by the store as it is now: for a re-issue, whose new cookie must not outrun a revocation. */
export function revocationNowOf(config: ResolvedConfig, token: RevocableToken): Promise<"revoked" | "unknown" | false> {
  return refusalOf(config, token, async (view) => {
    await view.readNow();
    return view.isRevoked(token);
  });
}
