/**
 * Every adapter that keeps session records, revocations and user factors, each opened fresh (its own database, file or key
 * prefix) and dropped by `cleanup`: memory, SQLite (libsql and better-sqlite3), D1, PostgreSQL, MariaDB, Redis.
 */
import Database from "better-sqlite3";
import { Redis } from "ioredis";
import { Miniflare } from "miniflare";
import mysql from "mysql2/promise";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TransactionalAdapter } from "../../src/adapters/extensions.js";
import { D1Adapter, migrateD1 } from "../../src/adapters/d1.js";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { migrateMySQL, MySQLAdapter } from "../../src/adapters/mysql.js";
import { migratePostgres, PostgresAdapter } from "../../src/adapters/postgres.js";
import { RedisAdapter } from "../../src/adapters/redis.js";
import type { AdapterSessionRecords } from "../../src/adapters/session-records/session-record-store.js";
import { migrateSQLite, SQLiteAdapter } from "../../src/adapters/sqlite.js";
import type { AdapterUserFactors } from "../../src/adapters/user-factors/factor-store.js";
import { freshMySQLDatabase, freshPostgresDatabase } from "../adapters/databases.js";
import { testPool } from "./pg-pool.js";
import { services, withService, type ServiceKind } from "./services.js";

export interface RecordsUnderTest {
  adapter: TransactionalAdapter & AdapterSessionRecords & AdapterUserFactors;
  cleanup(): Promise<void>;
}

export type OpenRecords = () => Promise<RecordsUnderTest>;

const stores: { name: string; service?: ServiceKind; open: OpenRecords }[] = [
  { name: "memory", open: async () => ({ adapter: MemoryAdapter(), cleanup: async () => {} }) },
  {
    name: "SQLite file (@libsql/client)",
    open: async () => {
      const dir = await mkdtemp(join(tmpdir(), "sekisho-session-records-"));
      return { adapter: SQLiteAdapter(`file:${join(dir, "auth.db")}`), cleanup: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: "SQLite (better-sqlite3)",
    open: async () => {
      const db = new Database(":memory:");
      await migrateSQLite(db);
      return { adapter: SQLiteAdapter(db), cleanup: async () => void db.close() };
    },
  },
  {
    name: "D1 (Miniflare)",
    open: async () => {
      const mf = new Miniflare({ modules: true, script: "export default { fetch() { return new Response('') } }", d1Databases: ["DB"], cf: false });
      const db = await mf.getD1Database("DB");
      await migrateD1(db);
      return { adapter: D1Adapter(db), cleanup: () => mf.dispose() };
    },
  },
  {
    name: "PostgreSQL",
    service: "postgres",
    open: async () => {
      const database = await freshPostgresDatabase(services.postgres.url);
      const pool = testPool({ connectionString: database.url, max: 10 });
      await migratePostgres(pool);
      return { adapter: PostgresAdapter(pool), cleanup: async () => (await pool.end(), await database.drop()) };
    },
  },
  {
    name: "MariaDB",
    service: "mysql",
    open: async () => {
      const database = await freshMySQLDatabase(services.mysql.url);
      const pool = mysql.createPool({ uri: database.url, connectionLimit: 10 });
      await migrateMySQL(pool);
      return { adapter: MySQLAdapter(pool), cleanup: async () => (await pool.end(), await database.drop()) };
    },
  },
  {
    name: "Redis",
    service: "redis",
    open: async () => {
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
    },
  },
];

/** Registers `suite` for each store named in `only` (all when absent), those on a local service only when it is up. */
export async function forEachRecordStore(suite: (name: string, open: OpenRecords) => void, only?: string[]): Promise<void> {
  for (const { name, service, open } of stores) {
    if (only && !only.includes(name)) continue;
    if (service) await withService(service, () => suite(name, open));
    else suite(name, open);
  }
}
