/**
 * Instances given one memo (Next.js's route bundles, `createAuth(config, { memo })`) share what the memo holds.
 * Two configurations on one adapter may still ask for different revocation delays: one that reads the
 * revocations on every request (`revocationCheckInterval: 0`) must not inherit a longer delay from the other.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { createMemo } from "../../../src/index.js";
import { localClient, makeAuth } from "../../helpers/auth-client.js";

describe("revocation views in a shared memo", () => {
  it("an instance with revocationCheckInterval 0 sees a revocation made elsewhere at once, whatever another instance asked", async () => {
    const adapter = MemoryAdapter();
    const memo = createMemo();
    const relaxed = makeAuth({ adapter, session: { strategy: "jwt", revocationCheckInterval: 60 } }, { memo });
    const strict = makeAuth({ adapter, session: { strategy: "jwt", revocationCheckInterval: 0 } }, { memo });
    const browser = localClient(relaxed.fetch);
    await browser.signIn();
    expect(await browser.session()).not.toBeNull();
    const atStrict = localClient(strict.fetch);
    atStrict.jar.set("authjs.session-token", String(browser.jar.get("authjs.session-token")));
    expect(await atStrict.session()).not.toBeNull();
    // another process revokes: only the store knows
    const [record] = await adapter.sessionRecords.list("user-alice");
    await adapter.sessionRecords.revoke([{ kind: "session", key: record.id, revokedAt: Date.now(), expires: Date.now() + 60_000 }]);
    expect(await atStrict.session()).toBeNull();
  });

  it("a revocation made by one instance is refused at once by every instance in the memo, whatever its interval", async () => {
    const adapter = MemoryAdapter();
    const memo = createMemo();
    const revoking = makeAuth({ adapter, session: { strategy: "jwt", revocationCheckInterval: 60 } }, { memo });
    const other = makeAuth({ adapter, session: { strategy: "jwt", revocationCheckInterval: 30 } }, { memo });
    const browser = localClient(other.fetch);
    await browser.signIn();
    expect(await browser.session()).not.toBeNull();
    const [record] = await adapter.sessionRecords.list("user-alice");
    expect(await revoking.revokeSession(record.id)).toBe(true);
    expect(await browser.session()).toBeNull();
  });
});
