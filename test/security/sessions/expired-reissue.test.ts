/**
 * A jwt cookie past its `exp` still decodes for the codec's clock tolerance (15 s). Re-issued in that window, its
 * session was recorded again after its record had expired, now without the provider it came from, so the
 * provider's back-channel logout could no longer find it. Past `exp` by this instance's clock, a session has ended.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { encode } from "../../../src/jwt.js";
import { revokeProviderSessions } from "../../../src/session/records/revoke.js";
import { newSessionId } from "../../../src/session/records/record.js";
import { localClient, makeAuth, secret } from "../../helpers/auth-client.js";

const cookieName = "authjs.session-token";
const maxAge = 3600;

afterEach(() => {
  vi.useRealTimers();
});

describe("a jwt session in its expiry's clock tolerance", () => {
  it("is not re-issued, so it cannot outlive its record and escape the provider's back-channel logout", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const adapter = MemoryAdapter();
    const auth = makeAuth({ adapter, session: { strategy: "jwt", maxAge } });
    const sid = newSessionId();
    const startedAt = Math.floor(start / 1000);
    await adapter.sessionRecords.save({
      id: sid,
      userId: "alice-id",
      createdAt: start,
      lastActiveAt: start,
      expires: (startedAt + maxAge) * 1000,
      provider: "idp",
      providerSub: "alice-at-idp",
    });
    const thief = localClient(auth.fetch);
    thief.jar.set(cookieName, await encode({ token: { sub: "alice-id", sid, authn: { startedAt } }, secret, salt: cookieName, maxAge }));

    vi.setSystemTime((startedAt + maxAge + 5) * 1000);
    // another session's sign-in sweeps the expired record, as Redis drops it at its expiry on its own
    await localClient(auth.fetch).signIn();
    expect(await thief.session()).toBeNull();
    // had it been re-issued, this would end nothing and the thief would stay signed in
    await revokeProviderSessions(await auth.resolveConfig(), { provider: "idp", sub: "alice-at-idp" });
    expect(await thief.session()).toBeNull();
  });
});
