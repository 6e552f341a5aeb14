/**
 * A Workers app that keeps Auth.js's published D1 adapter: on Miniflare's D1, with the tables the
 * adapter's own `up(db)` makes, it carries an OIDC sign-in and an email sign-in end to end over real
 * HTTP, with database sessions. D1 keeps dates as ISO 8601 text.
 */
import { D1Adapter as AuthjsD1Adapter } from "@auth/d1-adapter";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Adapter } from "../../../src/adapters/index.js";
import { authjsD1Tables, openAuthjsD1Database, type AuthjsD1Database } from "../../adapters/authjs-d1-database.js";
import { linkIn, requestLink } from "../email/email-flow.js";
import { signInThroughIdp } from "../oauth/oidc-flow.js";
import { people, sessionCookie, startHarness, type Harness } from "./harness.js";

const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe("@auth/d1-adapter with database sessions", () => {
  let harness: Harness;
  let database: AuthjsD1Database;
  let adapter: Adapter;
  const rows = async (table: (typeof authjsD1Tables)[number]) =>
    (await database.db.prepare(`SELECT * FROM "${table}"`).all()).results as Record<string, any>[];

  beforeAll(async () => {
    harness = await startHarness();
    database = await openAuthjsD1Database();
    adapter = AuthjsD1Adapter(database.db) as Adapter;
  });
  afterAll(async () => {
    await database?.dispose();
    await harness?.close();
  });
  beforeEach(async () => {
    await database.db.batch(authjsD1Tables.map((table) => database.db.prepare(`DELETE FROM "${table}"`)));
  });

  it("signs in through the OpenID provider, keeps the session in its tables, and signs out", async () => {
    const app = harness.serve(adapter);
    const client = app.client();
    const { response } = await signInThroughIdp(client, "idp", "alice");
    expect(response.headers.get("location")).toBe(`${app.origin}/welcome`);

    const [user, ...others] = await rows("users");
    expect(others).toEqual([]);
    expect(user).toMatchObject({ email: people.alice.email, name: people.alice.name, image: people.alice.picture, emailVerified: isoDate });
    expect(await rows("accounts")).toEqual([expect.objectContaining({ userId: user.id, provider: "idp", providerAccountId: "alice", type: "oidc" })]);
    const token = client.jar.get(sessionCookie)!;
    expect(await rows("sessions")).toEqual([expect.objectContaining({ sessionToken: token, userId: user.id, expires: isoDate })]);
    expect(((await client.session()) as any).user).toEqual({ name: people.alice.name, email: people.alice.email, image: people.alice.picture });
    expect(app.named("createUser")).toEqual([{ user: expect.objectContaining({ id: user.id, email: people.alice.email }) }]);

    const again = app.client();
    await signInThroughIdp(again, "idp", "alice");
    expect(await rows("users")).toHaveLength(1);
    expect(await rows("accounts")).toHaveLength(1);
    expect(await rows("sessions")).toHaveLength(2);
    expect(app.named("signIn").map((event) => event.isNewUser)).toEqual([true, false]);

    await client.signOut();
    expect((await rows("sessions")).map((row) => row.sessionToken)).toEqual([again.jar.get(sessionCookie)]);
    expect(await client.session()).toBeNull();
    expect(((await again.session()) as any).user.email).toBe(people.alice.email);
    expect(app.errors).toEqual([]);
  });

  it("signs in by email: the token row consumed, the user created verified", async () => {
    const app = harness.serve(adapter);
    const client = app.client();
    await requestLink(client, "gus@example.com");
    expect(await rows("verification_tokens")).toEqual([expect.objectContaining({ identifier: "gus@example.com", expires: isoDate })]);
    const followed = await client.send(linkIn((await harness.smtp.waitForMessage("gus@example.com", 15_000)).text));
    expect(followed.headers.get("location")).toBe(`${app.origin}/inbox`);
    expect(await rows("verification_tokens")).toEqual([]);
    const [user, ...others] = await rows("users");
    expect(others).toEqual([]);
    expect(user).toMatchObject({ email: "gus@example.com", emailVerified: isoDate });
    expect(await rows("sessions")).toEqual([expect.objectContaining({ sessionToken: client.jar.get(sessionCookie), userId: user.id })]);
    expect(((await client.session()) as any).user.email).toBe("gus@example.com");
    expect(app.errors).toEqual([]);
  });

  it("deletes an expired session row on access", async () => {
    const app = harness.serve(adapter);
    const client = app.client();
    await signInThroughIdp(client, "idp", "bob");
    await database.db.prepare(`UPDATE "sessions" SET "expires" = ?`).bind(new Date(Date.now() - 1000).toISOString()).run();
    expect(await client.session()).toBeNull();
    expect(await rows("sessions")).toEqual([]);
    expect(client.jar.get(sessionCookie)).toBeUndefined();
  });
});
