import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryRateLimitStore } from "../../../src/adapters/rate-limit/memory-rate-limits.js";
import { createAuth } from "../../../src/auth.js";
import { firstDelivery } from "../../../src/logout/replay.js";

const secret = "a-secret-long-enough-for-the-counter-tests";

async function resolved() {
  const store = memoryRateLimitStore();
  return { config: await createAuth({ providers: [], secret, rateLimit: { store } }).resolveConfig(), store };
}

describe("logout-token replay, a client of the counters", () => {
  afterEach(() => vi.useRealTimers());

  it("accepts a jti once per provider, even when two deliveries arrive at once", async () => {
    const { config } = await resolved();
    const token = { jti: "jti-1", refusedAfter: Date.now() + 120_000 };
    const both = await Promise.all([firstDelivery(config, "idp", token), firstDelivery(config, "idp", token)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await firstDelivery(config, "other-idp", token)).toBe(true);
  });

  it("remembers the jti until the token would be refused anyway", async () => {
    vi.useFakeTimers({ now: 9_000_000 });
    const { config } = await resolved();
    const token = { jti: "jti-1", refusedAfter: 9_000_000 + 120_000 };
    expect(await firstDelivery(config, "idp", token)).toBe(true);
    vi.setSystemTime(9_000_000 + 119_000);
    expect(await firstDelivery(config, "idp", token)).toBe(false);
  });

  it("counts in the resolved counter store even with rate limits off", async () => {
    const { config, store } = await resolved();
    const increment = vi.spyOn(store, "increment");
    expect(config.rateLimit.enabled).toBe(false);
    await firstDelivery(config, "idp", { jti: "jti-2", refusedAfter: Date.now() + 60_000 });
    expect(increment).toHaveBeenCalledTimes(1);
    expect(increment.mock.calls[0]?.[0]).not.toContain("jti-2");
  });
});
