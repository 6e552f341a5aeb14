import type { Revocation, SessionRecordStore } from "../../adapters/session-records/session-record-store.js";
import { sessionStartOf } from "../lifetime.js";

/**
 * How far before its last look an instance reads again: revocations are stamped by the clock of the
 * instance that made them, and a transaction can commit a moment after its stamp.
 */
export const revocationOverlapMs = 60_000;

/** What the revocation check needs of a session token. */
export interface RevocableToken {
  sid?: unknown;
  sub?: unknown;
  iat?: unknown;
  authn?: unknown;
}

export interface RevocationView {
  /** Whether the token is revoked, by the view at most one interval old. Rejects when the store cannot be read. */
  isRevoked(token: RevocableToken): Promise<boolean>;
  /**
   * Reads the store now, in a read of its own that starts after the call: what was recorded before it is seen.
   * Rejects when the store cannot be read.
   */
  readNow(): Promise<void>;
  /** Adds revocations this instance just recorded, so it refuses them at once. */
  note(revocations: readonly Revocation[]): void;
}

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
