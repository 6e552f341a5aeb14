import type { UserFactorStore } from "../adapters/user-factors/factor-store.js";
import { MissingAdapter } from "../errors.js";
import { storeOf } from "./store.js";
import type { ResolvedConfig } from "./config-types.js";

/** Where the user's second factors, backup codes, trusted devices and password hashes live: the option's store, else the adapter's. */
export function userFactorsOf(config: ResolvedConfig): UserFactorStore {
  const store = config.userFactors ?? storeOf(config).userFactors;
  if (!store)
    throw new MissingAdapter(
      "Second factors and passwords need a store for them, and this adapter keeps none. Use one of sekisho's adapters " +
        '(sekisho/adapters/*), or keep the adapter and give the `userFactors` option one: `userFactors: SQLiteAdapter("file:auth-extra.db").userFactors`.',
    );
  return store;
}
