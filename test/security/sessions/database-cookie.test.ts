/**
 * Under the database strategy the session cookie's value goes to the adapter as a lookup key. The browser
 * writes that cookie: a NUL in it (`%00`, which cookie parsing decodes) made PostgreSQL refuse the statement,
 * so every request carrying it was a 500 and an error in the log. A value no session cookie of ours holds
 * (a control character, or longer than one cookie) is no session and never reaches the adapter.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { migratePostgres, PostgresAdapter } from "../../../src/adapters/postgres.js";
import type { Adapter } from "../../../src/adapters/adapter-contract.js";
import { CHUNK_SIZE } from "../../../src/http/cookies.js";
import { freshPostgresDatabase, type FreshDatabase } from "../../adapters/databases.js";
import { alice, checkAlice, credentialsProvider, localClient, makeAuth } from "../../helpers/auth-client.js";
import { testPool } from "../../helpers/pg-pool.js";
import { services, withService } from "../../helpers/services.js";

const cookieName = "authjs.session-token";
/** As sent in the Cookie header; the first three decode to control characters. */
const hostile = ["abc%00def", "%00", "token%0Aline", "x".repeat(CHUNK_SIZE + 1)];

/** The adapter, with every session token it was asked about. */
function watched(adapter: Adapter) {
  const seen: string[] = [];
  const spied: Adapter = Object.create(adapter, {
    getSessionAndUser: { value: (token: string) => (seen.push(token), adapter.getSessionAndUser!(token)) },
    deleteSession: { value: (token: string) => (seen.push(token), adapter.deleteSession!(token)) },
  });
  return { spied, seen };
}

await withService("postgres", () => {
  describe("database session cookie over PostgreSQL", () => {
    let database: FreshDatabase;
    let pool: pg.Pool;
    beforeAll(async () => {
      database = await freshPostgresDatabase(services.postgres.url);
      pool = testPool({ connectionString: database.url });
      await migratePostgres(pool);
    });
    afterAll(async () => {
      await pool.end();
      await database.drop();
    });

    it("a cookie with a control character, or longer than a cookie, is no session: no 500, no error, no lookup", async () => {
      const { spied, seen } = watched(PostgresAdapter(pool));
      const user = await spied.createUser!({ id: "", email: alice.email, name: alice.name, emailVerified: null });
      const errors: Error[] = [];
      const auth = makeAuth({
        adapter: spied,
        session: { strategy: "database" },
        providers: [credentialsProvider((credentials) => (checkAlice(credentials) ? { ...checkAlice(credentials), id: user.id } : null))],
        logger: { error: (error) => errors.push(error), warn: () => {}, debug: () => {} },
      });
      for (const value of hostile) {
        const client = localClient(auth.fetch);
        const read = await client.send("/session", { headers: { cookie: `${cookieName}=${value}` } });
        expect(read.status, value.slice(0, 16)).toBe(200);
        expect(await read.json()).toBeNull();
        const csrfToken = await client.csrfToken();
        const out = await client.send("/signout", { form: { csrfToken }, headers: { cookie: `${client.jar.header()}; ${cookieName}=${value}` } });
        expect(out.status, value.slice(0, 16)).toBe(302);
      }
      expect(errors.map((error) => error.message)).toEqual([]);
      expect(seen).toEqual([]);

      const owner = localClient(auth.fetch);
      await owner.signIn();
      expect(await owner.session()).toMatchObject({ user: { email: alice.email } });
      expect(seen).toHaveLength(1);
    });
  });
});
