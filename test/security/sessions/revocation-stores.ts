/** The adapters whose session-record stores keep revocations, for suites that run one attack on each. */
import Database from "better-sqlite3";
import { Redis } from "ioredis";
import mysql from "mysql2/promise";
import type { Adapter } from "../../../src/adapters/adapter-contract.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { migrateMySQL, MySQLAdapter } from "../../../src/adapters/mysql.js";
import { migratePostgres, PostgresAdapter } from "../../../src/adapters/postgres.js";
import { RedisAdapter } from "../../../src/adapters/redis.js";
import { migrateSQLite, SQLiteAdapter } from "../../../src/adapters/sqlite.js";
import { freshMySQLDatabase, freshPostgresDatabase } from "../../adapters/databases.js";
import { testPool } from "../../helpers/pg-pool.js";
import { services, type ServiceKind } from "../../helpers/services.js";

export interface StoreCase {
  name: string;
  /** The service it needs, if any. */
  service?: ServiceKind;
  open(): Promise<{ adapter: Adapter; close(): Promise<void> }>;
}

export const revocationStores: StoreCase[] = [
  { name: "memory", open: async () => ({ adapter: MemoryAdapter(), close: async () => {} }) },
  {
    name: "SQLite",
    async open() {
      const db = new Database(":memory:");
      await migrateSQLite(db);
      return { adapter: SQLiteAdapter(db), close: async () => void db.close() };
    },
  },
  {
    name: "PostgreSQL",
    service: "postgres",
    async open() {
      const database = await freshPostgresDatabase(services.postgres.url);
      const pool = testPool({ connectionString: database.url, max: 4 });
      await migratePostgres(pool);
      return { adapter: PostgresAdapter(pool), close: async () => (await pool.end(), await database.drop()) };
    },
  },
  {
    name: "MariaDB",
    service: "mysql",
    async open() {
      const database = await freshMySQLDatabase(services.mysql.url);
      const pool = mysql.createPool({ uri: database.url, connectionLimit: 4 });
      await migrateMySQL(pool);
      return { adapter: MySQLAdapter(pool), close: async () => (await pool.end(), await database.drop()) };
    },
  },
  {
    name: "Redis",
    service: "redis",
    async open() {
      const client = new Redis(services.redis.url);
      const prefix = `sekisho-test-${crypto.randomUUID()}:`;
      return {
        adapter: RedisAdapter(client, { prefix }),
        close: async () => {
          const keys = await client.keys(`${prefix}*`);
          if (keys.length > 0) await client.del(...keys);
          client.disconnect();
        },
      };
    },
  },
];
