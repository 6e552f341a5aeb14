/** The session-record store contract on every adapter: memory, SQLite (libsql and better-sqlite3), D1, PostgreSQL, MariaDB, Redis. */
import Database from "better-sqlite3";
import { Redis } from "ioredis";
import { Miniflare } from "miniflare";
import mysql from "mysql2/promise";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { D1Adapter, migrateD1 } from "../../src/adapters/d1.js";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { migrateMySQL, MySQLAdapter } from "../../src/adapters/mysql.js";
import { migratePostgres, PostgresAdapter } from "../../src/adapters/postgres.js";
import { RedisAdapter } from "../../src/adapters/redis.js";
import { migrateSQLite, SQLiteAdapter } from "../../src/adapters/sqlite.js";
import { testPool } from "../helpers/pg-pool.js";
import { services, withService } from "../helpers/services.js";
import { freshMySQLDatabase, freshPostgresDatabase } from "./databases.js";
import { runSessionRecordsContract } from "./session-records-contract.js";

runSessionRecordsContract("memory", async () => ({ adapter: MemoryAdapter(), cleanup: async () => {} }));

runSessionRecordsContract("SQLite file (@libsql/client)", async () => {
  const dir = await mkdtemp(join(tmpdir(), "sekisho-session-records-"));
  return { adapter: SQLiteAdapter(`file:${join(dir, "auth.db")}`), cleanup: () => rm(dir, { recursive: true, force: true }) };
});

runSessionRecordsContract("SQLite (better-sqlite3)", async () => {
  const db = new Database(":memory:");
  await migrateSQLite(db);
  return { adapter: SQLiteAdapter(db), cleanup: async () => void db.close() };
});

runSessionRecordsContract("D1 (Miniflare)", async () => {
  const mf = new Miniflare({ modules: true, script: "export default { fetch() { return new Response('') } }", d1Databases: ["DB"], cf: false });
  const db = await mf.getD1Database("DB");
  await migrateD1(db);
  return { adapter: D1Adapter(db), cleanup: () => mf.dispose() };
});

await withService("postgres", () =>
  runSessionRecordsContract("PostgreSQL", async () => {
    const database = await freshPostgresDatabase(services.postgres.url);
    const pool = testPool({ connectionString: database.url, max: 10 });
    await migratePostgres(pool);
    return { adapter: PostgresAdapter(pool), cleanup: async () => (await pool.end(), await database.drop()) };
  }),
);

await withService("mysql", () =>
  runSessionRecordsContract("MariaDB", async () => {
    const database = await freshMySQLDatabase(services.mysql.url);
    const pool = mysql.createPool({ uri: database.url, connectionLimit: 10 });
    await migrateMySQL(pool);
    return { adapter: MySQLAdapter(pool), cleanup: async () => (await pool.end(), await database.drop()) };
  }),
);

await withService("redis", () =>
  runSessionRecordsContract("Redis", async () => {
    const client = new Redis(services.redis.url);
    const prefix = `sekisho-test-${crypto.randomUUID()}:`;
    return {
      adapter: RedisAdapter(client, { prefix }),
      cleanup: async () => {
        const keys = await client.keys(`${prefix}*`);
        if (keys.length > 0) await client.del(...keys);
        client.disconnect();
      },
    };
  }),
);
