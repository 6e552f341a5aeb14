import type { UserFactorStore } from "../adapters/user-factors/factor-store.js";
import { MissingAdapter } from "../errors.js";
import { storeOf } from "./store.js";
import type { ResolvedConfig } from "./config-types.js";

/** Where the user's second factors, backup codes, trusted devices and password hashes live. */
export function userFactorsOf(config: ResolvedConfig): UserFactorStore {
  const store = storeOf(config).userFactors;
  if (!store)
    throw new MissingAdapter(
      "Second factors and passwords need a store for them: use one of sekisho's adapters (sekisho/adapters/*).",
    );
  return store;
}
