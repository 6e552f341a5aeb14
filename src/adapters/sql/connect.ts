import type { SqlDialect, SqlDriver } from "./driver.js";
import { mysqlDriver } from "./mysql-driver.js";
import { postgresDriver } from "./postgres-driver.js";
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

interface Connector {
  /** The URL schemes its driver takes; none listed takes paths and any URL. */
  schemes: readonly string[];
  open<T>(options: ConnectionOptions, fn: (driver: SqlDriver) => Promise<T>): Promise<T>;
}

/**
 * How the command-line tools reach each dialect's server, each driver imported only then (each is an optional
 * peer). A new dialect is one entry here: the command line takes its name and schemes from this table.
 */
const connectors: Record<SqlDialect, Connector> = {
  sqlite: { schemes: [], open: ({ url, create }, fn) => withLibsql(url, fn, { create }) },
  postgres: {
    schemes: ["postgres:", "postgresql:"],
    async open({ url }, fn) {
      const { default: pg } = await import("pg");
      const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: connectTimeoutMs });
      try {
        return await fn(postgresDriver(pool));
      } finally {
        await pool.end();
      }
    },
  },
  mysql: {
    schemes: ["mysql:"],
    async open({ url }, fn) {
      const mysql = await import("mysql2/promise");
      // Options in the URL's query apply too: `?timezone=Z` to read dates as an app's pool with that option does.
      const pool = mysql.createPool({ uri: url, connectionLimit: 1, connectTimeout: connectTimeoutMs });
      try {
        return await fn(mysqlDriver(pool));
      } finally {
        await pool.end();
      }
    },
  },
};

/** The dialects the command-line tools can connect to. */
export const connectableDialects = Object.keys(connectors) as SqlDialect[];

/** The URL schemes a dialect's driver takes; empty when it takes paths and any URL. */
export function dialectSchemes(dialect: SqlDialect): readonly string[] {
  return connectors[dialect].schemes;
}

/**
 * Opens one connection with the dialect's driver, hands it to `fn`, and closes it again however `fn` ends.
 * For command-line tools, not for apps.
 */
export function withConnection<T>(options: ConnectionOptions, fn: (driver: SqlDriver) => Promise<T>): Promise<T> {
  const connector = Object.hasOwn(connectors, options.dialect) ? connectors[options.dialect] : undefined;
  if (!connector) throw new Error(`Unknown dialect "${options.dialect}": use ${connectableDialects.join(", ")}`);
  return connector.open(options, fn);
}
