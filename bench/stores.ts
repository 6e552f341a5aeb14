/**
 * Real stores for the database-session scenarios: a SQLite file and a PostgreSQL database of the run's
 * own, migrated with the shipped migrations and removed when the run is over. One adapter instance per
 * store can serve both libraries, as the adapter contract is the same; on PostgreSQL the database is
 * also served by `@auth/pg-adapter`, the adapter an app on the reference library has there.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AuthjsPostgresAdapter from "@auth/pg-adapter";
import pg from "pg";
import { migratePostgres, PostgresAdapter, SQLiteAdapter } from "./built-package.js";
import type { Adapter } from "../src/adapters/adapter-contract.js";

/** The server a run makes its database on (it needs CREATE DATABASE there). */
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Runs `cleanup` once the run has nothing left to do; the bench has no teardown step of its own. */
function whenDone(cleanup: () => Promise<void> | void) {
  process.once("beforeExit", () => {
    Promise.resolve()
      .then(cleanup)
      .catch((error: Error) => console.error(`cleanup failed: ${error.message}`));
  });
}

/** A libsql file in a temporary folder, opened (and migrated) by SQLiteAdapter on first use. */
export function sqliteAdapter(): Adapter {
  const folder = mkdtempSync(join(tmpdir(), "sekisho-bench-"));
  whenDone(() => rmSync(folder, { recursive: true, force: true }));
  return SQLiteAdapter(`file:${join(folder, "bench.db")}`);
}

async function withAdmin<T>(run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** One PostgreSQL database, through sekisho's adapter and through the reference's own. */
export interface PostgresStore {
  sekisho: Adapter;
  authjs: Adapter;
}

/** A fresh database on the PostgreSQL server, or null (with a line on stderr) when no server answers. */
export async function postgresStore(): Promise<PostgresStore | null> {
  const name = `sekisho_bench_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  try {
    await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    if ((error as { code?: string }).code !== "ECONNREFUSED") throw error;
    console.error(`skipped the PostgreSQL scenario: nothing answers at ${new URL(postgresUrl).host} (set BENCH_POSTGRES_URL)`);
    return null;
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  // Idle connections must not hold the process open, or the cleanup below would never run.
  const pool = new pg.Pool({ connectionString: url.href, allowExitOnIdle: true });
  whenDone(async () => {
    // end() resolves before its connections have closed; the drop below terminates those still open, which
    // would otherwise surface as an unhandled 'error' event on the pool.
    pool.on("error", (error: Error & { code?: string }) => {
      if (error.code !== "57P01") console.error(`PostgreSQL: ${error.message}`);
    });
    await pool.end();
    await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });
  await migratePostgres(pool);
  return { sekisho: PostgresAdapter(pool), authjs: AuthjsPostgresAdapter(pool) as Adapter };
}
