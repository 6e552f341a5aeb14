/** Closed rate-limit windows go in passing: at most a hundred rows per purge, never an open window. */
import { createClient } from "@libsql/client";
import mysql from "mysql2/promise";
import { describe, expect, it } from "vitest";
import { mysqlDriver } from "../../src/adapters/sql/mysql-driver.js";
import { postgresDriver } from "../../src/adapters/sql/postgres-driver.js";
import type { SqlDriver } from "../../src/adapters/sql/driver.js";
import { applyMigrations } from "../../src/adapters/sql/migrator.js";
import { libsqlDriver } from "../../src/adapters/sql/sqlite-libsql.js";
import { sqlRateLimitStore } from "../../src/adapters/rate-limit/sql-rate-limits.js";
import { services, withService } from "../helpers/services.js";
import { freshMySQLDatabase, withFreshPostgres } from "./databases.js";

async function expectBoundedPurge(driver: SqlDriver) {
  await applyMigrations(driver);
  const closed = Date.now() - 1000;
  for (let i = 0; i < 250; i++) await driver.query(`INSERT INTO "sekisho_rate_limits" ("bucket", "hits", "reset_at") VALUES (?, 1, ?)`, [`closed-${i}`, closed]);
  const count = async () => Number((await driver.query(`SELECT count(*) AS n FROM "sekisho_rate_limits"`)).rows[0].n);
  const store = sqlRateLimitStore(driver, () => true);
  await store.increment("open", 60_000);
  expect(await count()).toBe(151);
  await store.increment("open", 60_000);
  await store.increment("open", 60_000);
  expect(await count()).toBe(1);
  expect(await store.peek("open")).toBe(3);
}

describe("purging closed rate-limit windows", () => {
  it("SQLite", async () => {
    const client = createClient({ url: ":memory:" });
    await expectBoundedPurge(libsqlDriver(client));
    client.close();
  });
});

await withService("postgres", () => {
  describe("purging closed rate-limit windows", () => {
    it("PostgreSQL", () => withFreshPostgres(services.postgres.url, (pool) => expectBoundedPurge(postgresDriver(pool))));
  });
});

await withService("mysql", () => {
  describe("purging closed rate-limit windows", () => {
    it("MariaDB", async () => {
      const database = await freshMySQLDatabase(services.mysql.url);
      const pool = mysql.createPool({ uri: database.url, connectionLimit: 2 });
      try {
        await expectBoundedPurge(mysqlDriver(pool));
      } finally {
        await pool.end();
        await database.drop();
      }
    });
  });
});
