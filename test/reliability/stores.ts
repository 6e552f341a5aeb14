/**
 * Real stores for the reliability suites, each fresh and thrown away afterwards, with a way to count rows
 * that does not go through the adapter under test.
 */
import Database from "better-sqlite3";
import { createClient as createLibsqlClient } from "@libsql/client";
import { Redis } from "ioredis";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TransactionalAdapter } from "../../src/adapters/extensions.js";
import { migratePostgres, PostgresAdapter, type PostgresOptions } from "../../src/adapters/postgres.js";
import { RedisAdapter } from "../../src/adapters/redis.js";
import { migrateSQLite, SQLiteAdapter } from "../../src/adapters/sqlite.js";
import type { AdapterUser } from "../../src/adapters/adapter-contract.js";
import { freshPostgresDatabase } from "../adapters/databases.js";
import { alice } from "../helpers/auth-client.js";
import { services } from "../helpers/services.js";

export type Table = "users" | "accounts" | "sessions" | "verification_token" | "authenticators";

export interface SqlStore {
  adapter: TransactionalAdapter;
  /** Rows in a table, read directly. */
  count(table: Table): Promise<number>;
  query(sql: string): Promise<Record<string, unknown>[]>;
  /** Empties every table. */
  clear(): Promise<void>;
  close(): Promise<void>;
}

const tables: Table[] = ["sessions", "accounts", "authenticators", "verification_token", "users"];

export interface PostgresStore extends SqlStore {
  url: string;
  /** A pool of its own, beside the adapter's. */
  direct: pg.Pool;
}

/**
 * pool.end() resolves before its connections have closed, and dropping the database then terminates
 * them: the pool reports that as an error, which is expected here.
 */
function ownPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", () => {});
  return pool;
}

/**
 * A fresh PostgreSQL database with the schema applied. The adapter uses `adapterPool` when given (for
 * example one that goes through a proxy to the same database), otherwise a pool of its own.
 */
export async function postgresStore(adapterPool?: (url: string) => pg.Pool, options?: PostgresOptions): Promise<PostgresStore> {
  const database = await freshPostgresDatabase(services.postgres.url);
  const direct = ownPool(database.url, 4);
  await migratePostgres(direct);
  const pool = adapterPool?.(database.url) ?? ownPool(database.url, 10);
  const query = async (sql: string) => (await direct.query(sql)).rows as Record<string, unknown>[];
  return {
    url: database.url,
    direct,
    adapter: PostgresAdapter(pool, options),
    query,
    count: async (table) => Number((await query(`SELECT count(*)::int AS n FROM "${table}"`))[0].n),
    clear: async () => void (await direct.query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(", ")}`)),
    async close() {
      await pool.end();
      await direct.end();
      await database.drop();
    },
  };
}

/** A SQLite database in a temp file, through @libsql/client (opened from its path) or better-sqlite3. */
export async function sqliteStore(driver: "libsql" | "better-sqlite3"): Promise<SqlStore> {
  const dir = await mkdtemp(join(tmpdir(), "sekisho-reliability-"));
  const file = join(dir, "auth.db");
  let adapter: TransactionalAdapter;
  let closeDriver = () => {};
  if (driver === "better-sqlite3") {
    const db = new Database(file);
    await migrateSQLite(db);
    adapter = SQLiteAdapter(db);
    closeDriver = () => db.close();
  } else {
    await migrateSQLite(`file:${file}`);
    adapter = SQLiteAdapter(`file:${file}`);
  }
  const reader = createLibsqlClient({ url: `file:${file}` });
  const query = async (sql: string) => (await reader.execute(sql)).rows as unknown as Record<string, unknown>[];
  return {
    adapter,
    query,
    count: async (table) => Number((await query(`SELECT count(*) AS n FROM "${table}"`))[0].n),
    clear: async () => {
      for (const table of tables) await reader.execute(`DELETE FROM "${table}"`);
    },
    async close() {
      reader.close();
      closeDriver();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface RedisStore {
  url: string;
  prefix: string;
  client: Redis;
  adapter: TransactionalAdapter;
  close(): Promise<void>;
}

/** The local Redis, under a prefix of its own that is deleted afterwards. */
export function redisStore(): RedisStore {
  const client = new Redis(services.redis.url);
  const prefix = `sekisho-reliability-${crypto.randomUUID()}:`;
  return {
    url: services.redis.url,
    prefix,
    client,
    adapter: RedisAdapter(client, { prefix }),
    async close() {
      const keys = await client.keys(`${prefix}*`);
      if (keys.length > 0) await client.del(...keys);
      client.disconnect();
    },
  };
}

/** Alice as a stored user, for credentials sign-in under the database strategy. */
export async function storeAlice(adapter: TransactionalAdapter): Promise<AdapterUser> {
  return adapter.createUser({ id: "", name: alice.name, email: alice.email, image: alice.image, emailVerified: null });
}
