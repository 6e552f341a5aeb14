/**
 * Moving a next-auth v4 app (database strategy) to sekisho signs nobody out. The browser signs in by email
 * with the real next-auth 4 package (its pages-router API handler driven in Node, no Next.js build: see
 * ./v4-app.ts) and Auth.js's PostgreSQL adapter; the "app" then runs sekisho's PostgresAdapter over the same
 * database with the same secret and `session.acceptNextAuthV4`.
 */
import AuthjsPostgresAdapter from "@auth/pg-adapter";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { migratePostgres, PostgresAdapter } from "../../../src/adapters/postgres.js";
import GitHub from "../../../src/providers/github.js";
import { withFreshPostgres } from "../../adapters/databases.js";
import { localClient, makeAuth, type Client } from "../../helpers/auth-client.js";
import { isDeletion, setCookiesOf } from "../../helpers/cookie-jar.js";
import { services, withService } from "../../helpers/services.js";
import { type AuthOptions, EmailProvider, callV4, quietV4Logger, v4CsrfToken } from "./v4-app.js";

const secret = "next-auth-v4-db-secret-0123456789abcdef";

await withService("postgres", () => {
  describe("a next-auth v4 database session carried over to sekisho", () => {
    /** Runs `test` on a fresh database with sekisho's tables, which Auth.js's PostgreSQL adapter uses as they are. */
    const onFreshDatabase = (test: (pool: pg.Pool) => Promise<void>) => () =>
      withFreshPostgres(services.postgres.url, async (pool) => {
        await migratePostgres(pool);
        await test(pool);
      });

    function v4Options(pool: pg.Pool, links: string[]): AuthOptions {
      return {
        secret,
        logger: quietV4Logger,
        adapter: AuthjsPostgresAdapter(pool),
        providers: [EmailProvider({ server: {}, from: "app@example.com", sendVerificationRequest: async ({ url }: { url: string }) => void links.push(url) })],
      };
    }

    function sekisho(pool: pg.Pool) {
      return makeAuth(
        { secret: undefined, adapter: PostgresAdapter(pool), providers: [GitHub({ clientId: "id", clientSecret: "secret" })], session: { acceptNextAuthV4: true } },
        { env: { NEXTAUTH_SECRET: secret } },
      );
    }

    /** Signs `email` in on the v4 app by its email link, with the client's jar. */
    async function signInOnV4(pool: pg.Pool, client: Client, email: string): Promise<string> {
      const links: string[] = [];
      const options = v4Options(pool, links);
      const csrfToken = await v4CsrfToken(options, client.jar);
      await callV4(options, client.jar, "signin/email", { method: "POST", body: { csrfToken, email, callbackUrl: "http://localhost:3000/", json: "true" } });
      expect(links).toHaveLength(1);
      const query = Object.fromEntries(new URL(links[0]).searchParams);
      const callback = await callV4(options, client.jar, "callback/email", { query });
      expect(callback.status).toBe(302);
      expect((await callV4(options, client.jar, "session")).body).toMatchObject({ user: { email } });
      const sessionToken = client.jar.get("next-auth.session-token")!;
      const rows = await pool.query(`SELECT "sessionToken" FROM sessions WHERE "sessionToken" = $1`, [sessionToken]);
      expect(rows.rowCount).toBe(1);
      return sessionToken;
    }

    it("still signed in, given the sekisho cookie for the same row, the v4 cookie cleared; the sekisho cookie alone works", onFreshDatabase(async (pool) => {
      const auth = sekisho(pool);
      const client = localClient(auth.fetch);
      const sessionToken = await signInOnV4(pool, client, "dora@example.com");
      const expiresOf = async () =>
        (await pool.query(`SELECT expires FROM sessions WHERE "sessionToken" = $1`, [sessionToken])).rows[0].expires as Date;
      const expires = await expiresOf();

      const response = await client.send("/session");
      expect(((await response.json()) as { user?: { email?: string } }).user?.email).toBe("dora@example.com");
      const set = setCookiesOf(response);
      expect(set.filter(isDeletion).map((cookie) => cookie.name)).toEqual(["next-auth.session-token"]);
      expect(set.find((cookie) => cookie.name === "authjs.session-token")?.value).toBe(sessionToken);
      expect(client.jar.get("next-auth.session-token")).toBeUndefined();
      // the row is not written to: the cookie takes the expiry it has
      expect(await expiresOf()).toEqual(expires);
      const issued = set.find((cookie) => cookie.name === "authjs.session-token");
      expect(Date.parse(String(issued?.attributes.expires))).toBe(Math.floor(expires.getTime() / 1000) * 1000);

      const fresh = localClient(auth.fetch);
      fresh.jar.set("authjs.session-token", client.jar.get("authjs.session-token")!);
      const again = await fresh.send("/session");
      expect(((await again.json()) as { user?: { email?: string } }).user?.email).toBe("dora@example.com");
      expect(setCookiesOf(again)).toEqual([]);
    }));

    it("signing out of sekisho with only the v4 cookie deletes the row and clears the cookie", onFreshDatabase(async (pool) => {
      const auth = sekisho(pool);
      const client = localClient(auth.fetch);
      const sessionToken = await signInOnV4(pool, client, "eve@example.com");
      const response = await client.signOut();
      expect(response.status).toBe(302);
      expect(setCookiesOf(response).filter((cookie) => cookie.name === "next-auth.session-token").every(isDeletion)).toBe(true);
      const rows = await pool.query(`SELECT 1 FROM sessions WHERE "sessionToken" = $1`, [sessionToken]);
      expect(rows.rowCount).toBe(0);
      expect(await client.session()).toBeNull();
    }));

    it("a v4 cookie naming no row is no session, and is cleared", onFreshDatabase(async (pool) => {
      const auth = sekisho(pool);
      const client = localClient(auth.fetch);
      client.jar.set("next-auth.session-token", "0b1c2d3e-no-such-session");
      const response = await client.send("/session");
      expect(await response.json()).toBeNull();
      expect(setCookiesOf(response).filter(isDeletion).map((cookie) => cookie.name)).toContain("next-auth.session-token");
    }));
  });
});
