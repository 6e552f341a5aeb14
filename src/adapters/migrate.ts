import { applyMigrations } from "./sql/migrator.js";
import { mysqlDriver } from "./sql/mysql.js";
import { postgresDriver } from "./sql/postgres.js";
import { migrateSQLite } from "./sqlite.js";

export { migrateD1 } from "./d1.js";
export { migrateMySQL } from "./mysql.js";
export { migratePostgres } from "./postgres.js";
export { migrateSQLite };

export type MigrationDialect = "sqlite" | "postgres" | "mysql";

export interface MigrateOptions {
  dialect: MigrationDialect;
  /** A connection URL, or for SQLite also a file path. */
  url: string;
}

/**
 * Opens a connection with the dialect's driver, applies the pending migrations, closes it again.
 * Returns the names applied; an up-to-date database gives `[]`.
 */
export async function migrate({ dialect, url }: MigrateOptions): Promise<string[]> {
  switch (dialect) {
    case "sqlite":
      return migrateSQLite(url);
    case "postgres": {
      const { default: pg } = await import("pg");
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      try {
        return await applyMigrations(postgresDriver(pool));
      } finally {
        await pool.end();
      }
    }
    case "mysql": {
      const mysql = await import("mysql2/promise");
      const pool = mysql.createPool({ uri: url, connectionLimit: 1 });
      try {
        return await applyMigrations(mysqlDriver(pool));
      } finally {
        await pool.end();
      }
    }
    default:
      throw new Error(`Unknown dialect "${dialect satisfies never}": use sqlite, postgres or mysql`);
  }
}
