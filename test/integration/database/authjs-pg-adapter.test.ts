/**
 * An adapter written for the reference plugs into sekisho unchanged: Auth.js's published PostgreSQL
 * adapter, on tables made by sekisho's migration, carries an OIDC sign-in and an email sign-in end to
 * end over real HTTP, with database sessions.
 */
import AuthjsPostgresAdapter from "@auth/pg-adapter";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migratePostgres } from "../../../src/adapters/postgres.js";
import type { Adapter } from "../../../src/adapters/index.js";
import { freshPostgresDatabase, type FreshDatabase } from "../../adapters/databases.js";
import { services, withService } from "../../helpers/services.js";
import { linkIn, requestLink } from "../email/email-flow.js";
import { signInThroughIdp } from "../oauth/oidc-flow.js";
import { people, sessionCookie, startHarness, type Harness } from "./harness.js";
import { testPool } from "../../helpers/pg-pool.js";

await withService("postgres", () => {
  describe("@auth/pg-adapter with database sessions", () => {
    let harness: Harness;
    let database: FreshDatabase;
    let pool: pg.Pool;
    let adapter: Adapter;
    const rows = async (table: string) => (await pool.query(`SELECT * FROM "${table}"`)).rows;

    beforeAll(async () => {
      harness = await startHarness();
      database = await freshPostgresDatabase(services.postgres.url);
      pool = testPool({ connectionString: database.url });
      await migratePostgres(pool);
      adapter = AuthjsPostgresAdapter(pool) as Adapter;
    });
    afterAll(async () => {
      await pool?.end();
      await database?.drop();
      await harness?.close();
    });
    beforeEach(async () => {
      await pool.query(`TRUNCATE "authenticators", "sessions", "accounts", "verification_token", "users"`);
    });

    it("signs in through the OpenID provider, keeps the session in its tables, and signs out", async () => {
      const app = harness.serve(adapter);
      const client = app.client();
      const { response } = await signInThroughIdp(client, "idp", "alice");
      expect(response.headers.get("location")).toBe(`${app.origin}/welcome`);

      const [user, ...others] = await rows("users");
      expect(others).toEqual([]);
      expect(user).toMatchObject({ email: people.alice.email, name: people.alice.name, emailVerified: expect.any(Date) }); // the IdP proved the address (the reference would store null)
      expect(await rows("accounts")).toEqual([expect.objectContaining({ userId: user.id, provider: "idp", providerAccountId: "alice", type: "oidc" })]);
      const token = client.jar.get(sessionCookie)!;
      expect(await rows("sessions")).toEqual([expect.objectContaining({ sessionToken: token, userId: user.id })]);
      expect(((await client.session()) as any).user).toEqual({ name: people.alice.name, email: people.alice.email, image: people.alice.picture });
      expect(app.named("createUser")).toEqual([{ user: expect.objectContaining({ id: user.id, email: people.alice.email }) }]);

      const again = app.client();
      await signInThroughIdp(again, "idp", "alice");
      expect(await rows("users")).toHaveLength(1);
      expect(await rows("sessions")).toHaveLength(2);
      expect(app.named("signIn").map((event) => event.isNewUser)).toEqual([true, false]);

      await client.signOut();
      expect((await rows("sessions")).map((row) => row.sessionToken)).toEqual([again.jar.get(sessionCookie)]);
      expect(await client.session()).toBeNull();
      expect(((await again.session()) as any).user.email).toBe(people.alice.email);
    });

    it("signs in by email: the token row consumed, the user created verified", async () => {
      const app = harness.serve(adapter);
      const client = app.client();
      await requestLink(client, "gus@example.com");
      expect(await rows("verification_token")).toHaveLength(1);
      const followed = await client.send(linkIn((await harness.smtp.waitForMessage("gus@example.com", 15_000)).text));
      expect(followed.headers.get("location")).toBe(`${app.origin}/inbox`);
      expect(await rows("verification_token")).toEqual([]);
      expect(await rows("users")).toEqual([expect.objectContaining({ email: "gus@example.com", emailVerified: expect.any(Date) })]);
      expect(((await client.session()) as any).user.email).toBe("gus@example.com");
    });

    it("deletes an expired session row on access", async () => {
      const app = harness.serve(adapter);
      const client = app.client();
      await signInThroughIdp(client, "idp", "bob");
      await pool.query(`UPDATE "sessions" SET "expires" = now() - interval '1 second'`);
      expect(await client.session()).toBeNull();
      expect(await rows("sessions")).toEqual([]);
      expect(client.jar.get(sessionCookie)).toBeUndefined();
    });
  });
});
