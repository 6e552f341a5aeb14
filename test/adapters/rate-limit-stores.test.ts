/** The rate-limit store contract on every store: memory, SQLite (libsql and better-sqlite3), D1, PostgreSQL, MariaDB, Redis. */
import Database from "better-sqlite3";
import { Redis } from "ioredis";
import { Miniflare } from "miniflare";
import mysql from "mysql2/promise";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { D1Adapter, migrateD1 } from "../../src/adapters/d1.js";
import { migrateMySQL, MySQLAdapter } from "../../src/adapters/mysql.js";
import { migratePostgres, PostgresAdapter } from "../../src/adapters/postgres.js";
import { RedisAdapter } from "../../src/adapters/redis.js";
import { migrateSQLite, SQLiteAdapter } from "../../src/adapters/sqlite.js";
import { memoryRateLimitStore } from "../../src/adapters/rate-limit/memory-rate-limits.js";
import type { AdapterRateLimits } from "../../src/adapters/rate-limit/rate-limit-store.js";
import { testPool } from "../helpers/pg-pool.js";
import { services, withService } from "../helpers/services.js";
import { freshMySQLDatabase, freshPostgresDatabase, type FreshDatabase } from "./databases.js";
import { runRateLimitStoreContract } from "./rate-limit-contract.js";

runRateLimitStoreContract("memory", async () => ({ store: memoryRateLimitStore(), cleanup: async () => {} }));

runRateLimitStoreContract("SQLite file (@libsql/client)", async () => {
  const dir = await mkdtemp(join(tmpdir(), "sekisho-rate-limit-"));
  return { store: SQLiteAdapter(`file:${join(dir, "auth.db")}`).rateLimits, cleanup: () => rm(dir, { recursive: true, force: true }) };
});

runRateLimitStoreContract("SQLite (better-sqlite3)", async () => {
  const db = new Database(":memory:");
  await migrateSQLite(db);
  return { store: SQLiteAdapter(db).rateLimits, cleanup: async () => void db.close() };
});

runRateLimitStoreContract("D1 (Miniflare)", async () => {
  const mf = new Miniflare({ modules: true, script: "export default { fetch() { return new Response('') } }", d1Databases: ["DB"], cf: false });
  const db = await mf.getD1Database("DB");
  await migrateD1(db);
  return { store: D1Adapter(db).rateLimits, cleanup: () => mf.dispose() };
});

/** A fresh database with the migrations applied, its adapter's store, and the pool and database dropped afterwards. */
async function onFreshDatabase<P extends { end(): Promise<void> }>(
  database: FreshDatabase,
  pool: P,
  migrate: (pool: P) => Promise<unknown>,
  adapter: (pool: P) => AdapterRateLimits,
) {
  await migrate(pool);
  return {
    store: adapter(pool).rateLimits,
    cleanup: async () => {
      await pool.end();
      await database.drop();
    },
  };
}

await withService("postgres", () =>
  runRateLimitStoreContract("PostgreSQL", async () => {
    const database = await freshPostgresDatabase(services.postgres.url);
    return onFreshDatabase(database, testPool({ connectionString: database.url, max: 10 }), migratePostgres, (pool) => PostgresAdapter(pool));
  }),
);

await withService("mysql", () =>
  runRateLimitStoreContract("MariaDB", async () => {
    const database = await freshMySQLDatabase(services.mysql.url);
    return onFreshDatabase(database, mysql.createPool({ uri: database.url, connectionLimit: 10 }), migrateMySQL, (pool) => MySQLAdapter(pool));
  }),
);

await withService("redis", () =>
  runRateLimitStoreContract("Redis", async () => {
    const client = new Redis(services.redis.url);
    const prefix = `sekisho-test-${crypto.randomUUID()}:`;
    return {
      store: RedisAdapter(client, { prefix }).rateLimits,
      cleanup: async () => {
        const keys = await client.keys(`${prefix}*`);
        if (keys.length > 0) await client.del(...keys);
        client.disconnect();
      },
    };
  }),
);
