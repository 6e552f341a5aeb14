/**
 * The jwt session's hot path with revocation: reading a session costs no store read while the instance's
 * revocation view is fresh, concurrent reads share one refresh, and a revocation made elsewhere is seen
 * after the interval.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { decode } from "../../../src/jwt.js";
import type { AdapterSessionRecords, SessionRecordStore } from "../../../src/adapters/session-records/session-record-store.js";
import { alice, localClient, makeAuth, secret } from "../../helpers/auth-client.js";

/** A memory adapter whose every call, contract method or session-record store method, is counted by name. */
function countingAdapter() {
  const calls: string[] = [];
  const inner = MemoryAdapter();
  const count = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(object, name, receiver) {
        const value = Reflect.get(object, name, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          calls.push(`${prefix}${String(name)}`);
          return value.apply(object, args);
        };
      },
    });
  const sessionRecords: SessionRecordStore = count(inner.sessionRecords, "records.");
  const adapter = count({ ...inner, sessionRecords } as typeof inner & AdapterSessionRecords, "");
  return { adapter, calls, sessionRecords: inner.sessionRecords };
}

describe("jwt strategy: revocation reads", () => {
  it("100 session reads within one interval make at most one store read, and no other adapter call", async () => {
    const { adapter, calls } = countingAdapter();
    const auth = makeAuth({ adapter, session: { strategy: "jwt" } });
    const client = localClient(auth.fetch);
    await client.signIn();
    calls.length = 0;
    for (let i = 0; i < 100; i++) expect(await client.session()).toMatchObject({ user: { email: alice.email } });
    expect(calls.length).toBeLessThanOrEqual(1);
    expect(calls.filter((name) => name !== "records.revokedSince")).toEqual([]);
  });

  it("concurrent reads on a cold instance share one refresh", async () => {
    const { adapter, calls } = countingAdapter();
    const auth = makeAuth({ adapter, session: { strategy: "jwt" } });
    const client = localClient(auth.fetch);
    await client.signIn();
    calls.length = 0;
    const sessions = await Promise.all(Array.from({ length: 20 }, () => client.session()));
    expect(sessions.every((session) => session !== null)).toBe(true);
    expect(calls).toEqual(["records.revokedSince"]);
  });

  it("a revocation written to the store by another instance is refused once the interval has passed", async () => {
    const { adapter, sessionRecords } = countingAdapter();
    const auth = makeAuth({ adapter, session: { strategy: "jwt", revocationCheckInterval: 1 } });
    const client = localClient(auth.fetch);
    await client.signIn();
    expect(await client.session()).not.toBeNull();
    const token = await decode({ token: client.jar.get("authjs.session-token"), secret, salt: "authjs.session-token" });
    const now = Date.now();
    await sessionRecords.revoke([{ kind: "session", key: String(token?.sid), revokedAt: now, expires: now + 60_000 }]);
    expect(await client.session()).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await client.session()).toBeNull();
  });

  it("a re-issue costs one record write and one revocation read, and no other adapter call", async () => {
    const { adapter, calls } = countingAdapter();
    const auth = makeAuth({ adapter, session: { strategy: "jwt", updateAge: 0 } });
    const client = localClient(auth.fetch);
    await client.signIn();
    expect(await client.session()).not.toBeNull();
    calls.length = 0;
    expect(await client.session()).not.toBeNull();
    expect(calls).toEqual(["records.save", "records.revokedSince"]);
  });
});
