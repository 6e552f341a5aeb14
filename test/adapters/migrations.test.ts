import { createClient } from "@libsql/client";
import Database from "better-sqlite3";
import { Miniflare } from "miniflare";
import mysql from "mysql2/promise";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrateD1 } from "../../src/adapters/d1.js";
import { migrate } from "../../src/adapters/migrate.js";
import type { SqlDriver } from "../../src/adapters/sql/driver.js";
import { migrations } from "../../src/adapters/sql/migrations.js";
import { applyMigrations, splitStatements } from "../../src/adapters/sql/migrator.js";
import { d1Driver } from "../../src/adapters/sql/d1-driver.js";
import { postgresDriver } from "../../src/adapters/sql/postgres-driver.js";
import { betterSqliteDriver } from "../../src/adapters/sql/sqlite-better.js";
import { libsqlDriver } from "../../src/adapters/sql/sqlite-libsql.js";
import { migrateSQLite } from "../../src/adapters/sqlite.js";
import { services, withService } from "../helpers/services.js";
import { freshMySQLDatabase, withFreshPostgres } from "./databases.js";

const tables = ["accounts", "authenticators", "sekisho_migrations", "sekisho_rate_limits", "sekisho_revocations", "sekisho_sessions", "sekisho_user_factors", "sessions", "users", "verification_token"];

/** A second migration whose later statement fails: nothing of it may remain. */
const broken = [
  ...migrations.sqlite,
  { name: "0002_broken", sql: 'CREATE TABLE "half_done" ("x" INTEGER);\nCREATE TABLE "users" ("x" INTEGER);' },
];

async function tableNames(driver: SqlDriver, sql: string): Promise<string[]> {
  return (await driver.query(sql)).rows.map((row) => String(Object.values(row)[0])).sort();
}

describe("embedded migrations", () => {
  it("hold exactly the SQL files in migrations/ (regenerate: npx tsx src/cli/embed-migrations.ts)", async () => {
    for (const dialect of ["sqlite", "postgres", "mysql"] as const) {
      const folder = new URL(`../../migrations/${dialect}/`, import.meta.url);
      const files = (await readdir(folder)).filter((f) => f.endsWith(".sql")).sort();
      const onDisk = await Promise.all(
        files.map(async (f) => ({ name: f.replace(/\.sql$/, ""), sql: await readFile(new URL(f, folder), "utf8") })),
      );
      expect(migrations[dialect]).toEqual(onDisk);
    }
  });

  it("splitStatements drops comment lines and empty statements", () => {
    const statements = splitStatements("-- a comment; with a semicolon\nCREATE TABLE a (x INT);\n\n  -- another\nCREATE TABLE b (y INT);\n");
    expect(statements.map((s) => s.sql)).toEqual(["CREATE TABLE a (x INT)", "CREATE TABLE b (y INT)"]);
  });
});

describe("migrations on SQLite", () => {
  it("apply once, record themselves, and apply nothing the second time", async () => {
    const client = createClient({ url: ":memory:" });
    expect(await migrateSQLite(client)).toEqual(["0001_init", "0002_rate_limits", "0003_session_records", "0004_account_token_state", "0005_user_factors"]);
    expect(await migrateSQLite(client)).toEqual([]);
    const driver = libsqlDriver(client);
    expect(await tableNames(driver, `SELECT name FROM sqlite_master WHERE type = 'table'`)).toEqual(tables);
    expect((await driver.query(`SELECT "name" FROM "sekisho_migrations"`)).rows).toEqual([{ name: "0001_init" }, { name: "0002_rate_limits" }, { name: "0003_session_records" }, { name: "0004_account_token_state" }, { name: "0005_user_factors" }]);
    client.close();
  });

  it("a failing migration leaves neither its tables nor its record (better-sqlite3)", async () => {
    const db = new Database(":memory:");
    const driver = betterSqliteDriver(db);
    await expect(applyMigrations(driver, broken)).rejects.toThrow();
    expect(await tableNames(driver, `SELECT name FROM sqlite_master WHERE type = 'table'`)).toEqual(tables);
    expect((await driver.query(`SELECT "name" FROM "sekisho_migrations"`)).rows).toEqual([{ name: "0001_init" }, { name: "0002_rate_limits" }, { name: "0003_session_records" }, { name: "0004_account_token_state" }, { name: "0005_user_factors" }]);
    db.close();
  });

  it("migrate({ dialect: 'sqlite', url }) opens, migrates and closes a file database", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sekisho-migrate-"));
    const path = join(dir, "nested", "auth.db");
    try {
      expect(await migrate({ dialect: "sqlite", url: path })).toEqual(["0001_init", "0002_rate_limits", "0003_session_records", "0004_account_token_state", "0005_user_factors"]);
      expect(await migrate({ dialect: "sqlite", url: `file:${path}` })).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("D1 takes the same SQL, each migration in one atomic batch", async () => {
    const mf = new Miniflare({ modules: true, script: "export default { fetch() { return new Response('') } }", d1Databases: ["DB"], cf: false });
    try {
      const db = await mf.getD1Database("DB");
      expect(await migrateD1(db)).toEqual(["0001_init", "0002_rate_limits", "0003_session_records", "0004_account_token_state", "0005_user_factors"]);
      expect(await migrateD1(db)).toEqual([]);
      const { results } = await db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'`).all();
      expect(results.map((r: Record<string, unknown>) => r.name).sort()).toEqual(tables);
      await expect(applyMigrations(d1Driver(db), broken)).rejects.toThrow();
      const after = await db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'half_done'`).first("n");
      expect(after).toBe(0);
    } finally {
      await mf.dispose();
    }
  });
});

await withService("postgres", () => {
  describe("migrations on PostgreSQL", () => {
    it("create the tables with Auth.js's column names, once", () =>
      withFreshPostgres(services.postgres.url, async (pool, url) => {
        expect(await migrate({ dialect: "postgres", url })).toEqual(["0001_init", "0002_rate_limits", "0003_session_records", "0004_account_token_state", "0005_user_factors"]);
        expect(await migrate({ dialect: "postgres", url })).toEqual([]);
        const driver = postgresDriver(pool);
        expect(await tableNames(driver, `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).toEqual(tables);
        const columns = await tableNames(
          driver,
          `SELECT table_name || '.' || column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name IN ('users', 'sessions')`,
        );
        expect(columns).toEqual([
          "sessions.expires", "sessions.id", "sessions.sessionToken", "sessions.userId",
          "users.email", "users.emailVerified", "users.id", "users.image", "users.name",
        ]);
      }));

    it("a failing migration leaves neither its tables nor its record", () =>
      withFreshPostgres(services.postgres.url, async (pool) => {
        const driver = postgresDriver(pool);
        const pgBroken = [...migrations.postgres, broken[1]];
        await expect(applyMigrations(driver, pgBroken)).rejects.toThrow();
        expect(await tableNames(driver, `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).toEqual(tables);
      }));
  });
});

await withService("mysql", () => {
  describe("migrations on MariaDB", () => {
    it("create the tables once, and index the sessions' expiry for purging", async () => {
      const database = await freshMySQLDatabase(services.mysql.url);
      try {
        expect(await migrate({ dialect: "mysql", url: database.url })).toEqual(["0001_init", "0002_sessions_expires_index", "0003_rate_limits", "0004_session_records", "0005_account_token_state", "0006_user_factors"]);
        expect(await migrate({ dialect: "mysql", url: database.url })).toEqual([]);
        const connection = await mysql.createConnection(database.url);
        const [rows] = await connection.query<mysql.RowDataPacket[]>("SHOW TABLES");
        const [indexes] = await connection.query<mysql.RowDataPacket[]>("SHOW INDEX FROM `sessions` WHERE Key_name = 'sessions_expires'");
        await connection.end();
        expect(rows.map((r) => String(Object.values(r)[0])).sort()).toEqual(tables);
        expect(indexes.map((index) => index.Column_name)).toEqual(["expires"]);
      } finally {
        await database.drop();
      }
    });
  });
});
