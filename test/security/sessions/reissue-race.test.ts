/**
 * A re-issue that races a revocation must not bring the session back, nor leave a "ghost" in the session list: the
 * re-issue had read the cookie as valid, and the revocation (on another instance) removed the session's record
 * before the re-issue wrote it again.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { AdapterSessionRecords, SessionRecord } from "../../../src/adapters/session-records/session-record-store.js";
import { createRevocationView } from "../../../src/session/records/record.js";
import { adapterWithAlice, alice, localClient, makeAuth } from "../../helpers/auth-client.js";

const cookieName = "authjs.session-token";
const day = 24 * 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

/** Runs `during` once, the next time a session record is written, before it is written. */
function beforeNextRecord(adapter: AdapterSessionRecords, during: () => Promise<unknown>): void {
  const store = adapter.sessionRecords;
  const save = store.save.bind(store);
  let armed = true;
  store.save = async (record: SessionRecord) => {
    if (armed) {
      armed = false;
      await during();
    }
    return save(record);
  };
}

describe("a re-issue racing a revocation", () => {
  it("jwt: the owner signs out on instance B while A re-issues the thief's copy: no new cookie, no ghost record", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const adapter = MemoryAdapter();
    const config = { adapter, session: { strategy: "jwt" as const } };
    const a = makeAuth(config);
    const b = makeAuth(config);
    const owner = localClient(b.fetch);
    await owner.signIn();
    const thief = localClient(a.fetch);
    thief.jar.set(cookieName, owner.jar.get(cookieName) ?? "");
    expect(await thief.session()).not.toBeNull();
    const [record] = await adapter.sessionRecords.list(alice.id);

    vi.setSystemTime(Date.now() + day + 1000);
    beforeNextRecord(adapter, () => owner.signOut());
    expect(await thief.session()).toBeNull();
    expect(thief.jar.get(cookieName)).toBeUndefined();
    expect(await adapter.sessionRecords.find(record.id)).toBeNull();
    expect(await adapter.sessionRecords.list(alice.id)).toEqual([]);
  });

  it("jwt: the racing re-issue is refused even when the record it wrote cannot be removed again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const adapter = MemoryAdapter();
    const config = { adapter, session: { strategy: "jwt" as const } };
    const a = makeAuth(config);
    const owner = localClient(makeAuth(config).fetch);
    await owner.signIn();
    const thief = localClient(a.fetch);
    thief.jar.set(cookieName, owner.jar.get(cookieName) ?? "");
    vi.setSystemTime(Date.now() + day + 1000);
    beforeNextRecord(adapter, async () => {
      await owner.signOut();
      adapter.sessionRecords.remove = async () => {
        throw new Error("the records table is gone");
      };
    });
    const response = await thief.send("/session");
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });

  it("database: a sign-out of the other sessions while the stolen one's expiry is moved: it ends, and the list shows only the owner's", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { adapter, provider } = await adapterWithAlice();
    const auth = makeAuth({ adapter, providers: [provider], session: { strategy: "database" } });
    const owner = localClient(auth.fetch);
    const thief = localClient(auth.fetch);
    await thief.signIn();
    await owner.signIn();

    vi.setSystemTime(Date.now() + day + 1000);
    beforeNextRecord(adapter, async () =>
      owner.send("/sessions/revoke", {
        json: { others: true, csrfToken: await owner.csrfToken() },
        headers: { accept: "application/json" },
      }),
    );
    expect(await thief.session()).toBeNull();
    const listed = (await (await owner.send("/sessions", { headers: { accept: "application/json" } })).json()) as {
      current: boolean;
    }[];
    expect(listed.map((session) => session.current)).toEqual([true]);
  });

  it("jwt: a sign-out everywhere refuses a token issued after it whose session started before it (a re-issue that raced it)", async () => {
    const records = MemoryAdapter().sessionRecords;
    const view = createRevocationView(records, 0);
    const revokedAt = Date.now();
    await records.revoke([{ kind: "user", key: "u1", revokedAt, expires: revokedAt + day }]);
    const issuedAfter = Math.floor(revokedAt / 1000) + 2;
    const startedBefore = { startedAt: Math.floor(revokedAt / 1000) - 3600 };
    expect(await view.isRevoked({ sub: "u1", iat: issuedAfter, authn: startedBefore })).toBe(true);
    // a session signed in after the revocation stands
    expect(await view.isRevoked({ sub: "u1", iat: issuedAfter, authn: { startedAt: issuedAfter } })).toBe(false);
  });
});
