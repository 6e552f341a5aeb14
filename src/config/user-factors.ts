import type { UserFactorStore } from "../adapters/user-factors/factor-store.js";
import { MissingAdapter } from "../configuration-errors.js";
import { storeOf } from "./store.js";
import type { ResolvedConfig } from "./resolved-config.js";

/** The factor store when there is one (the option's, else the adapter's): without it a user has no password or factors to read. */
export function factorStoreOf(config: ResolvedConfig): UserFactorStore | undefined {
  return config.userFactors ?? storeOf(config).userFactors;
}

/** Where the user's second factors, backup codes, trusted devices and password hashes live: the option's store, else the adapter's. */
export function userFactorsOf(config: ResolvedConfig): UserFactorStore {
  const store = factorStoreOf(config);
  if (!store)
    throw new MissingAdapter(
      "Second factors and passwords need a store for them, and this adapter keeps none. Use one of sekisho's adapters " +
        '(sekisho/adapters/*), or keep the adapter and give the `userFactors` option one: `userFactors: SQLiteAdapter("file:auth-extra.db").userFactors`.',
    );
  return store;
}
