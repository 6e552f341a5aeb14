import type { AdapterRateLimits } from "./rate-limit/rate-limit-store.js";
import type { AdapterSessionRecords } from "./session-records/session-record-store.js";
import { sqlAdapterWithStores } from "./sql-stores.js";
import type { AdapterUserFactors } from "./user-factors/factor-store.js";
import type { TransactionalAdapter } from "./extensions.js";
import { d1Driver, type D1Database } from "./sql/d1-driver.js";
import { applyMigrations } from "./sql/migrator.js";

export type { D1Database, D1PreparedStatement } from "./sql/d1-driver.js";

/**
 * The adapter for Cloudflare D1, over the binding (`env.DB`). D1 runs no interactive transactions,
 * so `transaction` undoes the work of a failed function by compensation: best effort, not isolated.
 */
export function D1Adapter(db: D1Database): TransactionalAdapter & AdapterRateLimits & AdapterSessionRecords & AdapterUserFactors {
  const driver = d1Driver(db);
  return sqlAdapterWithStores(driver);
}

/** Applies pending schema migrations (SQLite dialect, embedded, no file system needed). */
export function migrateD1(db: D1Database): Promise<string[]> {
  return applyMigrations(d1Driver(db));
}
