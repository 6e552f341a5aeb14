import type { SqlDialect } from "./sql/driver.js";
import { withConnection } from "./sql/connect.js";
import { applyMigrations } from "./sql/migrator.js";

export { migrateD1 } from "./d1.js";
export { migrateMySQL } from "./mysql.js";
export { migratePostgres } from "./postgres.js";
export { migrateSQLite } from "./sqlite.js";

export type MigrationDialect = SqlDialect;

export interface MigrateOptions {
  dialect: MigrationDialect;
  /** A connection URL, or for SQLite also a file path. */
  url: string;
}

/**
 * Opens a connection with the dialect's driver, applies the pending migrations, closes it again.
 * Returns the names applied; an up-to-date database gives `[]`.
 */
export function migrate({ dialect, url }: MigrateOptions): Promise<string[]> {
  return withConnection({ dialect, url }, (driver) => applyMigrations(driver));
}
