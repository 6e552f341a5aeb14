/**
 * `sekisho/adapters`: the adapter contract's types, where next-auth apps and the adapter docs' schemas
 * import them from `next-auth/adapters` or `@auth/core/adapters`.
 */
export type * from "./adapter-contract.js";
export { isDate } from "./is-date.js";
