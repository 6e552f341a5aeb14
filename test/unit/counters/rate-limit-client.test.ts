import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryRateLimitStore } from "../../../src/adapters/rate-limit/memory-rate-limits.js";
import { createAuth } from "../../../src/auth.js";
import { RateLimited } from "../../../src/sign-in-errors.js";
import type { AuthContext } from "../../../src/http/context.js";
import { consume } from "../../../src/rate-limit/consume.js";
import { firstDelivery } from "../../../src/logout/replay.js";

const secret = "a-secret-long-enough-for-the-counter-tests";

async function contextWith(limits = { credentials: { window: 60, perIp: 2, perIdentifier: 5 } }) {
  const store = memoryRateLimitStore();
  const config = await createAuth({ providers: [], secret, rateLimit: { enabled: true, store, limits } }).resolveConfig();
  return { ctx: { config } as AuthContext, store };
}

describe("rate limits, a client of the counters", () => {
  afterEach(() => vi.useRealTimers());

  it("counts each request in a fixed window and refuses past the limit, with the seconds until the window closes", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { ctx } = await contextWith();
    await consume(ctx, "credentials", { ip: "203.0.113.1" });
    vi.setSystemTime(1_000_000 + 20_000);
    await consume(ctx, "credentials", { ip: "203.0.113.1" });
    const refused = await consume(ctx, "credentials", { ip: "203.0.113.1" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimited);
    // the window opened at the first request, 60 s long: a later hit does not move it
    expect((refused as RateLimited).retryAfter).toBe(40);
    vi.setSystemTime(1_000_000 + 60_001);
    await expect(consume(ctx, "credentials", { ip: "203.0.113.1" })).resolves.toBeUndefined();
  });

  it("does not count a logout token's delivery, nor is a request counted as one", async () => {
    const { ctx } = await contextWith({ credentials: { window: 60, perIp: 1, perIdentifier: 1 } });
    const token = { jti: "203.0.113.1", refusedAfter: Date.now() + 60_000 };
    expect(await firstDelivery(ctx.config, "idp", token)).toBe(true);
    await consume(ctx, "credentials", { ip: "203.0.113.1", identifier: "idp:203.0.113.1" });
    expect(await firstDelivery(ctx.config, "idp", { ...token, jti: "other" })).toBe(true);
  });

  it("keeps neither the address nor the identifier in the store's keys", async () => {
    const { ctx, store } = await contextWith();
    const increment = vi.spyOn(store, "increment");
    await consume(ctx, "credentials", { ip: "203.0.113.1", identifier: "someone@example.com" });
    const keys = increment.mock.calls.map(([key]) => key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).not.toMatch(/203\.0\.113|someone/);
  });
});
