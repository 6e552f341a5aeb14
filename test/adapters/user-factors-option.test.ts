/**
 * The `userFactors` option: an app on a published adapter (no factor store of its own) gives one; it is used
 * before an adapter's own; without either, the error names the option and the fix; a value that is not a
 * store (the adapter itself, say) is refused at start-up.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { memoryUserFactorStore } from "../../src/adapters/user-factors/memory-factors.js";
import { userFactorsOf } from "../../src/config/user-factors.js";
import type { AuthConfig } from "../../src/index.js";
import { secret } from "../helpers/auth-client.js";
import { createAuth } from "../helpers/plain-providers.js";

/** An adapter with the Auth.js contract only, as a published `@auth/*` adapter is. */
function referenceAdapter() {
  const { userFactors: _, sessionRecords: __, ...contract } = MemoryAdapter();
  return contract;
}

const resolve = (config: Omit<AuthConfig, "providers" | "secret">) => createAuth({ providers: [], secret, ...config }).resolveConfig();

describe("the userFactors option", () => {
  it("gives an adapter without a factor store one", async () => {
    const userFactors = memoryUserFactorStore();
    expect(userFactorsOf(await resolve({ adapter: referenceAdapter(), userFactors }))).toBe(userFactors);
  });

  it("is used before a sekisho adapter's own store, which serves when it is absent", async () => {
    const adapter = MemoryAdapter();
    const userFactors = memoryUserFactorStore();
    expect(userFactorsOf(await resolve({ adapter, userFactors }))).toBe(userFactors);
    expect(userFactorsOf(await resolve({ adapter }))).toBe(adapter.userFactors);
  });

  it("without it, an adapter that keeps no factors gets an error naming the option and the fix", async () => {
    const config = await resolve({ adapter: referenceAdapter() });
    expect(() => userFactorsOf(config)).toThrow(/`userFactors` option.*SQLiteAdapter\("file:auth-extra\.db"\)\.userFactors/);
  });

  it("refuses at start-up a value that is not a store, such as the adapter itself", async () => {
    const adapter = MemoryAdapter();
    expect(() => createAuth({ providers: [], secret, adapter, userFactors: adapter as never })).toThrow(
      /userFactors must be a user-factor store/,
    );
  });
});
