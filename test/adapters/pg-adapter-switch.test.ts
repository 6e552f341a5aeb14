/**
 * Switching a database made for `@auth/pg-adapter` (SERIAL ids) to sekisho's PostgresAdapter without
 * signing anyone out: an app on the published adapter signs a user in; the documented conversion SQL
 * and `migratePostgres` run; the same app on PostgresAdapter still knows the cookie, the user and the
 * linked account, and makes and deletes sessions of its own.
 */
import { readFile } from "node:fs/promises";
import AuthjsPostgresAdapter from "@auth/pg-adapter";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePostgres, PostgresAdapter } from "../../src/adapters/postgres.js";
import { createAuth } from "../../src/index.js";
import { type Adapter } from "../../src/adapters/index.js";
import Credentials from "../../src/providers/credentials.js";
import { localClient, quietLogger, secret, type Client, type FetchLike } from "../helpers/auth-client.js";
import { testPool } from "../helpers/pg-pool.js";
import { services, withService } from "../helpers/services.js";
import { freshPostgresDatabase, type FreshDatabase } from "./databases.js";
import { convertFromPgAdapter, pgAdapterSchema } from "./pg-adapter-schema.js";

const sessionCookie = "authjs.session-token";
const password = "the same password for everyone";
const github = { provider: "github", providerAccountId: "gh-4242" };

/** An app with database sessions on `adapter`; credentials sign in a user the adapter already holds. */
function appOn(adapter: Adapter): FetchLike {
  return createAuth(
    {
      secret,
      trustHost: true,
      adapter,
      session: { strategy: "database" },
      providers: [
        Credentials({
          credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
          authorize: async ({ email, password: given }) => (given === password ? adapter.getUserByEmail!(String(email)) : null),
        }),
      ],
      logger: quietLogger,
    },
    { env: {} },
  ).fetch;
}

async function signIn(client: Client, email: string): Promise<string> {
  await client.send("/callback/credentials", { form: { email, password, csrfToken: await client.csrfToken() } });
  const token = client.jar.get(sessionCookie);
  expect(token).toBeDefined();
  return token!;
}

async function withPgAdapterDatabase<T>(use: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const database = await freshPostgresDatabase(services.postgres.url);
  const pool = testPool({ connectionString: database.url });
  try {
    await pool.query(pgAdapterSchema);
    return await use(pool);
  } finally {
    await pool.end();
    await database.drop();
  }
}

await withService("postgres", () => {
  describe("switching from @auth/pg-adapter to PostgresAdapter", () => {
    let database: FreshDatabase;
    let pool: pg.Pool;
    let current: FetchLike;
    const client = localClient((request) => current(request));
    let token: string;
    let sessionBefore: unknown;
    let ada: { id: unknown };
    let migrated: string[];

    beforeAll(async () => {
      database = await freshPostgresDatabase(services.postgres.url);
      pool = testPool({ connectionString: database.url });
      await pool.query(pgAdapterSchema);

      const before = AuthjsPostgresAdapter(pool) as Adapter;
      current = appOn(before);
      ada = await before.createUser!({ id: "", email: "ada@example.com", name: "Ada", emailVerified: null });
      await before.linkAccount!({ ...github, userId: String(ada.id), type: "oauth", access_token: "at-1", token_type: "bearer" });
      token = await signIn(client, "ada@example.com");
      sessionBefore = await client.session();

      await pool.query(convertFromPgAdapter);
      migrated = await migratePostgres(pool);
      current = appOn(PostgresAdapter(pool));
    });

    afterAll(async () => {
      await pool?.end();
      await database?.drop();
    });

    it("signs in on @auth/pg-adapter with SERIAL ids before the switch", () => {
      expect(typeof ada.id).toBe("number");
      expect(sessionBefore).toMatchObject({ user: { email: "ada@example.com", name: "Ada" } });
    });

    it("applies sekisho's migration on the converted tables", async () => {
      expect(migrated).toEqual(["0001_init", "0002_rate_limits", "0003_session_records", "0004_account_token_state", "0005_user_factors"]);
      expect(await migratePostgres(pool)).toEqual([]);
      const tables = await pool.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
      expect(tables.rows.map((row) => row.tablename)).toEqual([
        "accounts",
        "authenticators",
        "sekisho_migrations",
        "sekisho_rate_limits",
        "sekisho_revocations",
        "sekisho_sessions",
        "sekisho_user_factors",
        "sessions",
        "users",
        "verification_token",
      ]);
    });

    it("keeps the existing session: the cookie still gives the same user", async () => {
      expect(client.jar.get(sessionCookie)).toBe(token);
      expect(await client.session()).toEqual(sessionBefore);
    });

    it("keeps existing ids as their text form, and finds the linked account", async () => {
      const adapter = PostgresAdapter(pool);
      const user = await adapter.getUserByAccount!(github);
      expect(user).toMatchObject({ id: String(ada.id), email: "ada@example.com", name: "Ada" });
      expect(await adapter.getAccount!(github.providerAccountId, github.provider)).toMatchObject({ userId: String(ada.id), access_token: "at-1" });
      expect((await adapter.getSessionAndUser!(token))?.user.id).toBe(String(ada.id));
    });

    it("creates new users, accounts and sessions with text ids", async () => {
      const adapter = PostgresAdapter(pool);
      const grace = await adapter.createUser!({ id: crypto.randomUUID(), email: "grace@example.com", name: "Grace", emailVerified: null });
      await adapter.linkAccount!({
        provider: "github",
        providerAccountId: "gh-1906",
        userId: grace.id,
        type: "oauth",
        authorization_details: [{ type: "payment_initiation" }],
      });
      expect(await adapter.getUserByAccount!({ provider: "github", providerAccountId: "gh-1906" })).toMatchObject({ id: grace.id });

      const other = localClient((request) => current(request));
      const graceToken = await signIn(other, "grace@example.com");
      expect(await other.session()).toMatchObject({ user: { email: "grace@example.com", name: "Grace" } });
      expect((await adapter.getSessionAndUser!(graceToken))?.user.id).toBe(grace.id);
      // the database's own default, for Auth.js adapters that leave ids to it
      const inserted = await pool.query(`INSERT INTO "users" ("email") VALUES ('linus@example.com') RETURNING "id"`);
      expect(inserted.rows[0].id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it("signs out: the pre-switch session row is deleted", async () => {
      await client.send("/signout", { form: { csrfToken: await client.csrfToken() } });
      expect(client.jar.get(sessionCookie)).toBeUndefined();
      expect(await client.session()).toBeNull();
      const rows = await pool.query(`SELECT 1 FROM "sessions" WHERE "sessionToken" = $1`, [token]);
      expect(rows.rowCount).toBe(0);
    });

    it("leaves tables @auth/pg-adapter still serves, so going back needs no SQL", async () => {
      const adapter = PostgresAdapter(pool);
      const hedy = await adapter.createUser!({ id: crypto.randomUUID(), email: "hedy@example.com", name: "Hedy", emailVerified: null });
      const sessionToken = crypto.randomUUID();
      await adapter.createSession!({ sessionToken, userId: hedy.id, expires: new Date(Date.now() + 3600_000) });
      const published = AuthjsPostgresAdapter(pool) as Adapter;
      expect((await published.getSessionAndUser!(sessionToken))?.user).toMatchObject({ id: hedy.id, email: "hedy@example.com" });
      const made = await published.createUser!({ id: "", email: "barbara@example.com", name: "Barbara", emailVerified: null });
      expect(made.id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it("deleting a pre-switch user cascades to its accounts", async () => {
      const adapter = PostgresAdapter(pool);
      await adapter.deleteUser!(String(ada.id));
      expect(await adapter.getUserByAccount!(github)).toBeNull();
    });
  });

  it("migratePostgres before the conversion fails and leaves the tables as they were", async () => {
    await withPgAdapterDatabase(async (pool) => {
      await expect(migratePostgres(pool)).rejects.toThrow(/authenticators_userId_fkey/);
      const users = await pool.query(`SELECT data_type FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'id'`);
      expect(users.rows[0].data_type).toBe("integer");
      expect((await pool.query(`SELECT to_regclass('authenticators') AS found`)).rows[0].found).toBeNull();
    });
  });

  it("docs/migration.md shows the conversion SQL verbatim", async () => {
    const doc = await readFile(new URL("../../docs/migration.md", import.meta.url), "utf8");
    expect(doc).toContain("```sql\n" + convertFromPgAdapter + "\n```");
  });
});
