/**
 * Instances given one memo (Next.js's route bundles, `createAuth(config, { memo })`) share what the memo holds.
 * Two configurations on one adapter may still ask for different revocation delays: one that reads the
 * revocations on every request (`revocationCheckInterval: 0`) must not inherit a longer delay from the other.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { createMemo } from "../../../src/memo.js";
import { localClient, makeAuth } from "../../helpers/auth-client.js";

/** Two jwt instances on one adapter and one memo, with these check intervals; alice signed in at the first. */
async function twoInstances(first: number, second: number) {
  const adapter = MemoryAdapter();
  const memo = createMemo();
  const instances = [first, second].map((revocationCheckInterval) => makeAuth({ adapter, session: { strategy: "jwt", revocationCheckInterval } }, { memo }));
  const browser = localClient(instances[0].fetch);
  await browser.signIn();
  const atSecond = localClient(instances[1].fetch);
  atSecond.jar.set("authjs.session-token", String(browser.jar.get("authjs.session-token")));
  expect(await atSecond.session()).not.toBeNull();
  const [record] = await adapter.sessionRecords.list("user-alice");
  return { adapter, instances, atSecond, sessionId: record.id };
}

describe("revocation views in a shared memo", () => {
  it("an instance with revocationCheckInterval 0 sees a revocation made elsewhere at once, whatever another instance asked", async () => {
    const { adapter, atSecond, sessionId } = await twoInstances(60, 0);
    // another process revokes: only the store knows
    await adapter.sessionRecords.revoke([{ kind: "session", key: sessionId, revokedAt: Date.now(), expires: Date.now() + 60_000 }]);
    expect(await atSecond.session()).toBeNull();
  });

  it("a revocation made by one instance is refused at once by every instance in the memo, whatever its interval", async () => {
    const { instances, atSecond, sessionId } = await twoInstances(60, 30);
    expect(await instances[0].revokeSession(sessionId)).toBe(true);
    expect(await atSecond.session()).toBeNull();
  });
});
