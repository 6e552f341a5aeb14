import type { SqlDialect, SqlDriver } from "./driver.js";
import { mysqlDriver } from "./mysql.js";
import { postgresDriver } from "./postgres.js";
import { withLibsql } from "./sqlite-libsql.js";

export interface ConnectionOptions {
  dialect: SqlDialect;
  /** A connection URL, or for SQLite also a file path. */
  url: string;
  /** For SQLite at a file path: whether a missing database file is created, rather than refused. Default true. */
  create?: boolean;
}

/** How long to wait for a server that does not answer, rather than the operating system's minutes. */
const connectTimeoutMs = 10_000;

/**
 * Opens one connection with the dialect's driver (imported only now: each is an optional peer),
 * hands it to `fn`, and closes it again however `fn` ends. For command-line tools, not for apps.
 */
export async function withConnection<T>({ dialect, url, create }: ConnectionOptions, fn: (driver: SqlDriver) => Promise<T>): Promise<T> {
  switch (dialect) {
    case "sqlite":
      return withLibsql(url, fn, { create });
    case "postgres": {
      const { default: pg } = await import("pg");
      const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: connectTimeoutMs });
      try {
        return await fn(postgresDriver(pool));
      } finally {
        await pool.end();
      }
    }
    case "mysql": {
      const mysql = await import("mysql2/promise");
      // Options in the URL's query apply too: `?timezone=Z` to read dates as an app's pool with that option does.
      const pool = mysql.createPool({ uri: url, connectionLimit: 1, connectTimeout: connectTimeoutMs });
      try {
        return await fn(mysqlDriver(pool));
      } finally {
        await pool.end();
      }
    }
    default:
      throw new Error(`Unknown dialect "${dialect satisfies never}": use sqlite, postgres or mysql`);
  }
}
