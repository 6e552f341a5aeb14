import type { Pool } from "mysql2/promise";
import type { AdapterRateLimits } from "./rate-limit/rate-limit-store.js";
import type { AdapterSessionRecords } from "./session-records/session-record-store.js";
import { sqlAdapterWithStores } from "./sql-stores.js";
import type { AdapterUserFactors } from "./user-factors/factor-store.js";
import type { TransactionalAdapter } from "./extensions.js";
import { applyMigrations } from "./sql/migrator.js";
import { mysqlDriver, type MySQLDriverOptions } from "./sql/mysql-driver.js";

export type MySQLAdapterOptions = MySQLDriverOptions;

/**
 * The adapter for MySQL and MariaDB, over a mysql2/promise Pool. DATETIME columns hold no zone:
 * mysql2 writes and reads them in the pool's `timezone` (default: the process's local zone), so
 * give every pool that shares the database the same one, best `timezone: "Z"`.
 */
export function MySQLAdapter(
  pool: Pool,
  options?: MySQLAdapterOptions,
): TransactionalAdapter & AdapterRateLimits & AdapterSessionRecords & AdapterUserFactors {
  const driver = mysqlDriver(pool, options);
  return sqlAdapterWithStores(driver);
}

/** Applies pending schema migrations; returns the names applied. */
export function migrateMySQL(pool: Pool): Promise<string[]> {
  return applyMigrations(mysqlDriver(pool));
}
