import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryRateLimitStore } from "../../../src/adapters/rate-limit/memory-rate-limits.js";
import { takesRefreshLease } from "../../../src/session/provider-tokens/lease.js";
import { GRACE_MS } from "../../../src/session/provider-tokens/renew.js";

describe("provider-token refresh leases, a client of the counters", () => {
  afterEach(() => vi.useRealTimers());

  it("gives one refresh token's lease to exactly one of the instances asking at once", async () => {
    const counters = memoryRateLimitStore();
    const taken = await Promise.all(Array.from({ length: 5 }, () => takesRefreshLease(counters, "github", "rt-1")));
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it("leases each provider's token apart", async () => {
    const counters = memoryRateLimitStore();
    expect(await takesRefreshLease(counters, "github", "rt-1")).toBe(true);
    expect(await takesRefreshLease(counters, "github", "rt-2")).toBe(true);
    expect(await takesRefreshLease(counters, "gitlab", "rt-1")).toBe(true);
  });

  it("frees the lease GRACE_MS after it was taken, however often others asked meanwhile", async () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const counters = memoryRateLimitStore();
    expect(await takesRefreshLease(counters, "github", "rt-1")).toBe(true);
    vi.setSystemTime(5_000_000 + GRACE_MS - 1);
    expect(await takesRefreshLease(counters, "github", "rt-1")).toBe(false);
    vi.setSystemTime(5_000_000 + GRACE_MS + 1);
    expect(await takesRefreshLease(counters, "github", "rt-1")).toBe(true);
  });

  it("keeps no refresh token in the store's keys", async () => {
    const counters = memoryRateLimitStore();
    const increment = vi.spyOn(counters, "increment");
    await takesRefreshLease(counters, "github", "refresh-token-secret");
    expect(increment.mock.calls[0]?.[0]).not.toContain("refresh-token-secret");
  });
});
