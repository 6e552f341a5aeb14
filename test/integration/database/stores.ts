/**
 * The real stores the database suites run on: a libsql SQLite file and a fresh PostgreSQL database,
 * each migrated with the shipped migrations and removed afterwards. Tests read and change rows with
 * the database's own client, beside the adapter, so what they check is what the database holds.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient as createLibsqlClient } from "@libsql/client";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import type { TransactionalAdapter } from "../../../src/adapters/extensions.js";
import { migratePostgres, PostgresAdapter } from "../../../src/adapters/postgres.js";
import { migrateSQLite, SQLiteAdapter } from "../../../src/adapters/sqlite.js";
import { freshPostgresDatabase } from "../../adapters/databases.js";
import { services, withService } from "../../helpers/services.js";
import { testPool } from "../../helpers/pg-pool.js";
import { standIn } from "../../helpers/stand-in.js";

export type Row = Record<string, unknown>;

export interface Store {
  name: "SQLite" | "PostgreSQL";
  adapter: TransactionalAdapter;
  /** The migrations applied when the store was opened. */
  migrations: string[];
  /** Runs one statement with `?` placeholders and returns its rows. */
  sql(statement: string, params?: unknown[]): Promise<Row[]>;
  /** The rows of `table` whose columns equal `where`. */
  rows(table: string, where?: Row): Promise<Row[]>;
  /** Empties every table. */
  reset(): Promise<void>;
  /** Makes the database itself refuse every insert into `table` (a trigger); returns the undo. */
  refuseInserts(table: string): Promise<() => Promise<unknown>>;
  close(): Promise<void>;
}

export type OpenStore = () => Promise<Store>;

const tables = ["authenticators", "sessions", "accounts", "verification_token", "users"];

function rowsOf(sql: Store["sql"]): Store["rows"] {
  return (table, where = {}) => {
    const columns = Object.keys(where);
    const filter = columns.length ? ` WHERE ${columns.map((column) => `"${column}" = ?`).join(" AND ")}` : "";
    return sql(`SELECT * FROM "${table}"${filter}`, Object.values(where));
  };
}

/** A libsql file in a temporary folder, opened by `SQLiteAdapter("file:…")` as an app would. */
export const openSQLite: OpenStore = async () => {
  const folder = await mkdtemp(join(tmpdir(), "sekisho-db-"));
  const url = `file:${join(folder, "auth.db")}`;
  const migrations = await migrateSQLite(url);
  const adapter = SQLiteAdapter(url);
  const client = createLibsqlClient({ url });
  const sql: Store["sql"] = async (statement, params = []) => {
    const result = await client.execute({ sql: statement, args: params as never });
    return result.rows.map((row) => Object.fromEntries(result.columns.map((column, i) => [column, row[i]])));
  };
  return {
    name: "SQLite",
    adapter,
    migrations,
    sql,
    rows: rowsOf(sql),
    async reset() {
      for (const table of tables) await sql(`DELETE FROM "${table}"`);
    },
    async refuseInserts(table) {
      await sql(`CREATE TRIGGER "refuse_${table}" BEFORE INSERT ON "${table}" BEGIN SELECT RAISE(ABORT, 'insert refused'); END`);
      return () => sql(`DROP TRIGGER "refuse_${table}"`);
    },
    async close() {
      client.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
};

/** A database of its own on the local server, made for this run and dropped afterwards. */
export const openPostgres: OpenStore = async () => {
  const database = await freshPostgresDatabase(services.postgres.url);
  const pool = testPool({ connectionString: database.url });
  const migrations = await migratePostgres(pool);
  const sql: Store["sql"] = async (statement, params = []) => {
    let n = 0;
    return (await pool.query(statement.replace(/\?/g, () => `$${++n}`), params)).rows;
  };
  return {
    name: "PostgreSQL",
    adapter: PostgresAdapter(pool),
    migrations,
    sql,
    rows: rowsOf(sql),
    async reset() {
      await sql(`TRUNCATE ${tables.map((table) => `"${table}"`).join(", ")}`);
    },
    async refuseInserts(table) {
      await sql(`CREATE FUNCTION "refuse_insert"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'insert refused'; END $$`);
      await sql(`CREATE TRIGGER "refuse_${table}" BEFORE INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION "refuse_insert"()`);
      return () => sql(`DROP FUNCTION "refuse_insert"() CASCADE`);
    },
    async close() {
      await pool.end();
      await database.drop();
    },
  };
};

/**
 * Registers `suite` once per store, each in its own describe. PostgreSQL goes through `withService`:
 * unreachable, it fails in CI and says plainly that it was skipped locally.
 */
export async function forEachStore(suite: (open: OpenStore) => void): Promise<void> {
  describe("SQLite (libsql file)", () => suite(openSQLite));
  await withService("postgres", () => void describe("PostgreSQL", () => suite(openPostgres)));
}

/**
 * Like `forEachStore`, handing `suite` the store itself: opened before the suite's first test, emptied
 * before each, and closed after its last.
 */
export function forEachEmptyStore(suite: (store: Store) => void): Promise<void> {
  return forEachStore((open) => {
    let opened: Store | undefined;
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => opened?.close());
    beforeEach(async () => opened!.reset());
    suite(
      standIn(() => {
        if (!opened) throw new Error("the store is open only while the suite runs");
        return opened;
      }),
    );
  });
}

/** A column's date (ISO text in SQLite, a Date from PostgreSQL) as milliseconds. */
export function timeOf(value: unknown): number {
  return new Date(value as string | Date).valueOf();
}
