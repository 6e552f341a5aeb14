import { describe, expect, it, vi } from "vitest";
import type { Adapter, VerificationToken } from "../../../src/adapters/adapter-contract.js";
import { memoryRateLimitStore } from "../../../src/adapters/rate-limit/memory-rate-limits.js";
import { createAuth } from "../../../src/auth.js";
import { useVerificationTokenOnce } from "../../../src/config/token-use.js";

const secret = "a-secret-long-enough-for-the-counter-tests";

/** An adapter whose useVerificationToken reads, waits, then deletes: two uses at once both read the token. */
function readThenDelete(): Adapter {
  const tokens = new Map<string, VerificationToken>();
  const key = (p: { identifier: string; token: string }) => `${p.identifier}\u0000${p.token}`;
  return {
    async createVerificationToken(token) {
      tokens.set(key(token), token);
      return token;
    },
    async useVerificationToken(params) {
      const found = tokens.get(key(params)) ?? null;
      await new Promise((resolve) => setTimeout(resolve, 5));
      tokens.delete(key(params));
      return found;
    },
  };
}

async function resolved(adapter: Adapter) {
  const store = memoryRateLimitStore();
  return { config: await createAuth({ providers: [], secret, adapter, session: { strategy: "jwt" }, rateLimit: { store } }).resolveConfig(), store };
}

describe("token use, a client of the counters", () => {
  const params = { identifier: "ada@example.com", token: "hashed-token" };

  it("gives a token to one of two uses at once, where the adapter alone gives it to both", async () => {
    const adapter = readThenDelete();
    const { config } = await resolved(adapter);
    const expires = new Date(Date.now() + 60_000);
    await adapter.createVerificationToken!({ ...params, expires });
    const both = await Promise.all([useVerificationTokenOnce(config, params), useVerificationTokenOnce(config, params)]);
    expect(both.filter(Boolean)).toEqual([{ ...params, expires }]);

    await adapter.createVerificationToken!({ ...params, expires });
    const raw = await Promise.all([adapter.useVerificationToken!(params), adapter.useVerificationToken!(params)]);
    expect(raw.filter(Boolean)).toHaveLength(2);
  });

  it("claims in the resolved counter store, keyed without the token, until the token expires", async () => {
    const adapter = readThenDelete();
    const { config, store } = await resolved(adapter);
    const increment = vi.spyOn(store, "increment");
    await adapter.createVerificationToken!({ ...params, expires: new Date(Date.now() + 60_000) });
    expect(await useVerificationTokenOnce(config, params)).not.toBeNull();
    expect(increment).toHaveBeenCalledTimes(1);
    const [counter, windowMs] = increment.mock.calls[0]!;
    expect(counter).not.toContain("hashed-token");
    expect(windowMs).toBeGreaterThan(55_000);
    expect(windowMs).toBeLessThanOrEqual(60_000);
  });

  it("claims nothing for a token the adapter does not have", async () => {
    const { config, store } = await resolved(readThenDelete());
    const increment = vi.spyOn(store, "increment");
    expect(await useVerificationTokenOnce(config, params)).toBeNull();
    expect(increment).not.toHaveBeenCalled();
  });
});
