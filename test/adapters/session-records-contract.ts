/**
 * The session-record store contract (src/adapters/session-records/session-record-store.ts), one suite every adapter's store runs
 * through: records saved, moved on re-issue with what sign-in fixed kept, the proof moved by a step-up only, listed per user and found by
 * provider sid or subject, expired ones hidden; revocations read incrementally, replaced per key, hidden
 * once expired; and the user's database session tokens listed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionRecord } from "../../src/adapters/session-records/session-record-store.js";
import type { RecordsUnderTest } from "../helpers/record-stores.js";

const unique = () => crypto.randomUUID();

function record(userId: string, fields: Partial<SessionRecord> = {}): SessionRecord {
  const now = Date.now();
  return { id: unique().slice(0, 22), userId, createdAt: now, lastActiveAt: now, expires: now + 60_000, ...fields };
}

export function runSessionRecordsContract(name: string, open: () => Promise<RecordsUnderTest>): void {
  describe(`session records: ${name}`, () => {
    let opened: RecordsUnderTest;
    const store = () => opened.adapter.sessionRecords;
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(() => opened?.cleanup());

    it("saves a record, and a re-issue moves lastActiveAt, expiry, user agent and address but keeps what sign-in fixed", async () => {
      const userId = unique();
      const first = record(userId, { userAgent: "Firefox on Linux", ip: "203.0.113.x", provider: "idp", providerSid: "sid-1", providerSub: "sub-1" });
      await store().save(first);
      expect(await store().find(first.id)).toEqual(first);
      const later = { ...first, createdAt: first.createdAt + 5000, lastActiveAt: first.lastActiveAt + 5000, expires: first.expires + 5000, userAgent: "Chrome on macOS", ip: "198.51.100.x", provider: "other", providerSid: undefined, providerSub: undefined };
      await store().save(later);
      expect(await store().find(first.id)).toEqual({ ...first, lastActiveAt: later.lastActiveAt, expires: later.expires, userAgent: "Chrome on macOS", ip: "198.51.100.x" });
    });

    it("keeps the proof a new record carries; a re-issue without one keeps it, a step-up moves it", async () => {
      const userId = unique();
      const signedIn = record(userId, { provider: "github", provedAt: Date.now() - 60_000, methods: ["github"] });
      await store().save(signedIn);
      expect(await store().find(signedIn.id)).toEqual(signedIn);
      const { provedAt: _p, methods: _m, ...plain } = signedIn;
      const reissued = { ...plain, lastActiveAt: signedIn.lastActiveAt + 1000, expires: signedIn.expires + 1000 };
      await store().save(reissued);
      expect(await store().find(signedIn.id)).toEqual({ ...signedIn, lastActiveAt: reissued.lastActiveAt, expires: reissued.expires });
      const steppedUp = { ...reissued, lastActiveAt: reissued.lastActiveAt + 1000, provedAt: Date.now(), methods: ["github", "totp"] };
      await store().save(steppedUp);
      expect(await store().find(signedIn.id)).toEqual({ ...signedIn, lastActiveAt: steppedUp.lastActiveAt, expires: reissued.expires, provedAt: steppedUp.provedAt, methods: ["github", "totp"] });
      const withoutProof = record(userId);
      await store().save(withoutProof);
      expect(await store().find(withoutProof.id)).toEqual(withoutProof);
      expect(await store().find(withoutProof.id)).not.toHaveProperty("provedAt");
    });

    it("lists a user's unexpired records, oldest first, and no one else's", async () => {
      const userId = unique();
      const older = record(userId, { createdAt: Date.now() - 2000 });
      const newer = record(userId);
      const expired = record(userId, { expires: Date.now() - 1 });
      await store().save(newer);
      await store().save(older);
      await store().save(expired);
      await store().save(record(unique()));
      expect((await store().list(userId)).map((r) => r.id)).toEqual([older.id, newer.id]);
      expect(await store().find(expired.id)).toBeNull();
    });

    it("finds records by provider sid, else by provider subject; neither finds nothing", async () => {
      const userId = unique();
      const sub = unique();
      const a = record(userId, { provider: "idp", providerSid: "sid-a", providerSub: sub });
      const b = record(userId, { provider: "idp", providerSid: "sid-b", providerSub: sub });
      const elsewhere = record(userId, { provider: "github", providerSub: sub });
      for (const r of [a, b, elsewhere]) await store().save(r);
      expect((await store().findByProvider({ provider: "idp", sid: "sid-a" })).map((r) => r.id)).toEqual([a.id]);
      expect((await store().findByProvider({ provider: "idp", sub })).map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
      expect(await store().findByProvider({ provider: "idp" })).toEqual([]);
    });

    it("removes records by id", async () => {
      const userId = unique();
      const a = record(userId);
      const b = record(userId);
      await store().save(a);
      await store().save(b);
      await store().remove([a.id]);
      await store().remove([]);
      expect((await store().list(userId)).map((r) => r.id)).toEqual([b.id]);
    });

    it("reads revocations recorded since a time, one per key (the newest), none once expired", async () => {
      const since = Date.now();
      const sid = unique();
      const userId = unique();
      await store().revoke([{ kind: "session", key: sid, revokedAt: since, expires: since + 60_000 }]);
      await store().revoke([{ kind: "user", key: userId, revokedAt: since + 1, expires: since + 60_000 }]);
      await store().revoke([{ kind: "session", key: unique(), revokedAt: since, expires: since - 1 }]);
      const mine = (list: { key: string }[]) => list.filter((r) => r.key === sid || r.key === userId);
      expect(mine(await store().revokedSince(since))).toEqual([
        { kind: "session", key: sid, revokedAt: since, expires: since + 60_000 },
        { kind: "user", key: userId, revokedAt: since + 1, expires: since + 60_000 },
      ].sort((x, y) => x.revokedAt - y.revokedAt));
      expect(mine(await store().revokedSince(since + 1))).toEqual([{ kind: "user", key: userId, revokedAt: since + 1, expires: since + 60_000 }]);
      await store().revoke([{ kind: "user", key: userId, revokedAt: since + 2, expires: since + 90_000 }]);
      expect(mine(await store().revokedSince(0))).toHaveLength(2);
      expect(mine(await store().revokedSince(since + 2))).toEqual([{ kind: "user", key: userId, revokedAt: since + 2, expires: since + 90_000 }]);
    });

    it("lists the tokens of a user's database sessions", async () => {
      const user = await opened.adapter.createUser({ id: unique(), email: `${unique()}@example.com`, emailVerified: null });
      const expires = new Date(Date.now() + 60_000);
      await opened.adapter.createSession({ sessionToken: "token-one", userId: user.id, expires });
      await opened.adapter.createSession({ sessionToken: "token-two", userId: user.id, expires });
      expect((await store().sessionTokens(user.id)).sort()).toEqual(["token-one", "token-two"]);
    });
  });
}
