/**
 * `sekisho/adapters`: the adapter contract's types, where next-auth apps and the adapter docs' schemas
 * import them from `next-auth/adapters` or `@auth/core/adapters`; and the user-factor store's, for the
 * `userFactors` option.
 */
export type * from "./adapter-contract.js";
export type { FactorKind, UserFactor, UserFactorStore } from "./user-factors/factor-store.js";
export { isDate } from "./is-date.js";
