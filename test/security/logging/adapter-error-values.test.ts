/**
 * A failed adapter call reaches the app's logger as an AdapterError whose cause is the driver's error. Drivers
 * put the statement's values on their errors: mysql2 the SQL with the values written in (`sql`), pg a unique
 * violation's key and value (`detail`), ioredis the command's arguments (`command.args`), and a session token
 * is among them. A logger that writes every field of an error (pino, Sentry) would keep the token. On MariaDB,
 * PostgreSQL and Redis.
 */
import { Redis } from "ioredis";
import mysql from "mysql2/promise";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createAuth } from "../../../src/index.js";
import { migrateMySQL, MySQLAdapter } from "../../../src/adapters/mysql.js";
import { migratePostgres, PostgresAdapter } from "../../../src/adapters/postgres.js";
import { RedisAdapter } from "../../../src/adapters/redis.js";
import type { Adapter } from "../../../src/adapters/adapter-contract.js";
import { freshMySQLDatabase, freshPostgresDatabase } from "../../adapters/databases.js";
import { credentialsProvider, secret } from "../../helpers/auth-client.js";
import { services, withService } from "../../helpers/services.js";

const sessionToken = `stolen-${crypto.randomUUID()}`;

/** Every field of an error and its causes, enumerable or not, as a logger that keeps everything would write it. */
function everything(value: unknown, seen = new Set<unknown>()): unknown {
  if (value === null || typeof value !== "object" || seen.has(value)) return value;
  seen.add(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.getOwnPropertyNames(value)) out[key] = everything((value as Record<string, unknown>)[key], seen);
  return out;
}

/** A database-strategy instance on `adapter` that keeps what its logger is handed. */
function instance(adapter: Adapter) {
  const errors: Error[] = [];
  const auth = createAuth(
    { secret, adapter, session: { strategy: "database" }, providers: [credentialsProvider()], logger: { error: (e) => errors.push(e) } },
    { env: {} },
  );
  return { auth, errors };
}

async function expectNoTokenInLogs(adapter: Adapter, call: (auth: ReturnType<typeof createAuth>) => Promise<unknown>) {
  const { auth, errors } = instance(adapter);
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  try {
    await call(auth).catch(() => {});
  } finally {
    console.error = original;
  }
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    const logged = JSON.stringify(everything(error));
    expect(logged).toContain("The adapter's");
    expect(logged).not.toContain(sessionToken);
  }
  expect(lines.join("\n")).not.toContain(sessionToken);
}

const sessionRequest = (auth: ReturnType<typeof createAuth>) =>
  auth.fetch(new Request("http://localhost:3000/auth/session", { headers: { cookie: `authjs.session-token=${sessionToken}` } }));

await withService("mysql", () => {
  describe("MariaDB: mysql2's error carries the SQL with the token written in", () => {
    it("the logged error keeps the failure, not the token", async () => {
      const database = await freshMySQLDatabase(services.mysql.url);
      const pool = mysql.createPool({ uri: database.url, connectionLimit: 2 });
      try {
        await migrateMySQL(pool);
        // MySQL names a duplicate's value in the message itself
        const adapter = MySQLAdapter(pool);
        const user = await adapter.createUser({ id: "", email: "alice@example.com", emailVerified: null });
        const expires = new Date(Date.now() + 60_000);
        await adapter.createSession({ sessionToken, userId: user.id, expires });
        const failing: Adapter = { ...adapter, getSessionAndUser: () => adapter.createSession({ sessionToken, userId: user.id, expires }) as never };
        await expectNoTokenInLogs(failing, sessionRequest);
        // mysql2 keeps the SQL with the token written in
        await pool.query("DROP TABLE sessions");
        const response = await sessionRequest(instance(MySQLAdapter(pool)).auth);
        expect(response.status).toBe(500);
        await expectNoTokenInLogs(MySQLAdapter(pool), sessionRequest);
      } finally {
        await pool.end();
        await database.drop();
      }
    });
  });
});

await withService("postgres", () => {
  describe("PostgreSQL: a unique violation's detail names the token", () => {
    it("the logged error keeps the failure, not the token", async () => {
      const database = await freshPostgresDatabase(services.postgres.url);
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      try {
        await migratePostgres(pool);
        const adapter = PostgresAdapter(pool);
        const user = await adapter.createUser({ id: "", email: "alice@example.com", emailVerified: null });
        const expires = new Date(Date.now() + 60_000);
        await adapter.createSession({ sessionToken, userId: user.id, expires });
        const raw = await Promise.resolve(adapter.createSession({ sessionToken, userId: user.id, expires })).catch((e: unknown) => e);
        expect(JSON.stringify(everything(raw))).toContain(sessionToken);
        // the core's sign-in creates the session; here the same call goes through the core's adapter wrapper
        const failing: Adapter = { ...adapter, getSessionAndUser: () => adapter.createSession({ sessionToken, userId: user.id, expires }) as never };
        await expectNoTokenInLogs(failing, sessionRequest);
      } finally {
        await pool.end();
        await database.drop();
      }
    });
  });
});

await withService("redis", () => {
  describe("Redis: ioredis's error carries the command's arguments, the session key among them", () => {
    const client = new Redis(services.redis.url);
    const prefix = `sekisho-test-${crypto.randomUUID()}:`;
    afterAll(async () => {
      await client.del(`${prefix}session:${sessionToken}`);
      client.disconnect();
    });

    it("the logged error keeps the failure, not the token", async () => {
      await client.hset(`${prefix}session:${sessionToken}`, "x", "1");
      await expectNoTokenInLogs(RedisAdapter(client, { prefix }), sessionRequest);
    });
  });
});
