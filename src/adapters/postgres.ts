import type { Pool } from "pg";
import type { AdapterRateLimits } from "./rate-limit/rate-limit-store.js";
import type { AdapterSessionRecords } from "./session-records/session-record-store.js";
import { sqlAdapterWithStores } from "./sql-stores.js";
import type { AdapterUserFactors } from "./user-factors/factor-store.js";
import type { TransactionalAdapter } from "./extensions.js";
import { applyMigrations } from "./sql/migrator.js";
import { postgresDriver, type PostgresOptions } from "./sql/postgres-driver.js";

/**
 * The adapter for PostgreSQL, over a pg Pool. Its tables are those of Auth.js's PostgreSQL adapter
 * plus `authenticators`; apply them with `migratePostgres` or `npx sekisho migrate`.
 */
export function PostgresAdapter(
  pool: Pool,
  options?: PostgresOptions,
): TransactionalAdapter & AdapterRateLimits & AdapterSessionRecords & AdapterUserFactors {
  const driver = postgresDriver(pool, options);
  return sqlAdapterWithStores(driver);
}

export type { PostgresOptions };

/** Applies pending schema migrations; returns the names applied. */
export function migratePostgres(pool: Pool): Promise<string[]> {
  return applyMigrations(postgresDriver(pool));
}
