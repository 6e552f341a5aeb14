import type { Client } from "@libsql/client";
import type BetterSqlite3 from "better-sqlite3";
import type { AdapterRateLimits } from "./rate-limit/rate-limit-store.js";
import type { AdapterSessionRecords } from "./session-records/session-record-store.js";
import { sqlAdapterWithStores } from "./sql-stores.js";
import type { AdapterUserFactors } from "./user-factors/factor-store.js";
import type { TransactionalAdapter } from "./extensions.js";
import type { SqlDriver } from "./sql/driver.js";
import { applyMigrations } from "./sql/migrator.js";
import { betterSqliteDriver } from "./sql/sqlite-better.js";
import { libsqlDriver, openLibsql, withLibsql } from "./sql/sqlite-libsql.js";

/**
 * An @libsql/client Client, a better-sqlite3 Database, or where to open one with @libsql/client:
 * a URL (`file:`, `:memory:`, `libsql:`, `http(s):`, `ws(s):`) or a plain file path.
 */
export type SQLiteTarget = Client | BetterSqlite3.Database | string;

/**
 * The adapter for SQLite and libSQL. A client you pass in is used as is: apply the schema first
 * with `migrateSQLite` or `npx sekisho migrate`. A URL or path is opened on first use, and the
 * schema is brought up to date then.
 */
export function SQLiteAdapter(
  target: SQLiteTarget,
): TransactionalAdapter & AdapterRateLimits & AdapterSessionRecords & AdapterUserFactors {
  const driver = typeof target === "string" ? openedOnFirstUse(target) : driverFor(target);
  return sqlAdapterWithStores(driver);
}

function openedOnFirstUse(target: string): SqlDriver {
  let opening: Promise<SqlDriver> | undefined;
  const ready = () =>
    (opening ??= openMigrated(target).catch((error: unknown) => {
      opening = undefined;
      throw error;
    }));
  return {
    dialect: "sqlite",
    deleteReturning: true,
    query: async (sql, params) => (await ready()).query(sql, params),
    transaction: async (fn) => (await ready()).transaction!(fn),
  };
}

/** Applies pending schema migrations; returns the names applied. */
export async function migrateSQLite(target: SQLiteTarget): Promise<string[]> {
  if (typeof target !== "string") return applyMigrations(driverFor(target));
  return withLibsql(target, (driver) => applyMigrations(driver));
}

async function openMigrated(location: string): Promise<SqlDriver> {
  const driver = libsqlDriver(await openLibsql(location));
  await applyMigrations(driver);
  return driver;
}

function driverFor(client: Client | BetterSqlite3.Database): SqlDriver {
  return "pragma" in client ? betterSqliteDriver(client) : libsqlDriver(client);
}
