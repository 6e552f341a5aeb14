/**
 * Sign-in end to end over real HTTP with database sessions, on a SQLite file and on PostgreSQL:
 * OIDC through a real OpenID provider, email through a real SMTP server, and credentials. Each test
 * checks the rows the store holds afterwards, not only what the app answers.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import Credentials from "../../../src/providers/credentials.js";
import { linkIn, requestLink } from "../email/email-flow.js";
import { signInThroughIdp } from "../oauth/oidc-flow.js";
import { people, secret, sessionCookie, signInWithPassword, startHarness, type Harness } from "./harness.js";
import { forEachEmptyStore, timeOf } from "./stores.js";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.close());

const sha256hex = (value: string) => createHash("sha256").update(value).digest("hex");

await forEachEmptyStore((store) => {
  it("opens a database migrated with the shipped migrations", async () => {
    expect(store.migrations).toEqual(["0001_init", "0002_rate_limits", "0003_session_records", "0004_account_token_state", "0005_user_factors"]);
    expect(await store.rows("users")).toEqual([]);
  });

  it("OIDC: creates the user and account once, a session row that /session reads, and sign-out deletes it", async () => {
    const app = harness.serve(store.adapter);
    const client = app.client();
    const { response } = await signInThroughIdp(client, "idp", "alice");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${app.origin}/welcome`);

    const [user, ...otherUsers] = await store.rows("users");
    expect(otherUsers).toEqual([]);
    // the IdP asserts email_verified: the address is proven, and recorded so
    expect(user).toMatchObject({ email: people.alice.email, name: people.alice.name, image: people.alice.picture, emailVerified: expect.anything() });
    const accounts = await store.rows("accounts");
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ userId: user.id, type: "oidc", provider: "idp", providerAccountId: "alice", token_type: "bearer" });
    expect(accounts[0].access_token).toEqual(expect.any(String));
    expect(accounts[0].id_token).toEqual(expect.any(String));
    expect(Number(accounts[0].expires_at)).toBeGreaterThan(Date.now() / 1000);

    const token = client.jar.get(sessionCookie)!;
    const sessions = await store.rows("sessions");
    expect(sessions).toEqual([expect.objectContaining({ sessionToken: token, userId: user.id })]);
    expect(await client.session()).toEqual({
      user: { name: people.alice.name, email: people.alice.email, image: people.alice.picture },
      expires: new Date(timeOf(sessions[0].expires)).toISOString(),
    });

    const elsewhere = app.client();
    await signInThroughIdp(elsewhere, "idp", "alice");
    expect(await store.rows("users")).toHaveLength(1);
    expect(await store.rows("accounts")).toHaveLength(1);
    expect(await store.rows("sessions", { userId: user.id })).toHaveLength(2);

    const signedOut = await client.signOut();
    expect(signedOut.status).toBe(302);
    expect(await store.rows("sessions", { sessionToken: token })).toEqual([]);
    expect(await store.rows("sessions")).toEqual([expect.objectContaining({ sessionToken: elsewhere.jar.get(sessionCookie) })]);
    expect(client.jar.get(sessionCookie)).toBeUndefined();
    expect(await client.session()).toBeNull();
    const replayed = await client.send("/session", { headers: { cookie: `${sessionCookie}=${token}` } });
    expect(await replayed.json()).toBeNull();
    expect(app.named("signOut")).toEqual([{ session: expect.objectContaining({ sessionToken: token, userId: user.id }) }]);
    expect((await elsewhere.session()) as any).toMatchObject({ user: { email: people.alice.email } });
  });

  it("email: stores the token hashed, consumes it once, and creates the user with emailVerified", async () => {
    const app = harness.serve(store.adapter);
    const client = app.client();
    const before = Date.now();
    const requested = await requestLink(client, "Dora@Example.com");
    expect(requested.headers.get("location")).toBe(`${app.origin}/auth/verify-request?provider=nodemailer&type=email&email=dora%40example.com`);
    const link = new URL(linkIn((await harness.smtp.waitForMessage("dora@example.com", 15_000)).text));
    const token = link.searchParams.get("token")!;

    const stored = await store.rows("verification_token");
    expect(stored).toEqual([expect.objectContaining({ identifier: "dora@example.com", token: sha256hex(token + secret) })]);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(Math.abs(timeOf(stored[0].expires) - (before + 86_400_000))).toBeLessThan(10_000);
    expect(await store.rows("users")).toEqual([]);

    const followed = await client.send(link.href);
    expect(followed.headers.get("location")).toBe(`${app.origin}/inbox`);
    expect(await store.rows("verification_token")).toEqual([]);
    const users = await store.rows("users");
    expect(users).toEqual([expect.objectContaining({ email: "dora@example.com", emailVerified: expect.anything() })]);
    expect(timeOf(users[0].emailVerified)).toBeGreaterThanOrEqual(before - 1000);
    expect(timeOf(users[0].emailVerified)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await store.rows("accounts")).toEqual([]);
    expect(await store.rows("sessions")).toEqual([expect.objectContaining({ sessionToken: client.jar.get(sessionCookie), userId: users[0].id })]);
    expect(((await client.session()) as any).user.email).toBe("dora@example.com");
    expect(app.named("createUser")).toEqual([{ user: expect.objectContaining({ id: users[0].id, email: "dora@example.com", emailVerified: expect.any(Date) }) }]);

    const again = await app.client().send(link.href);
    expect(again.headers.get("location")).toBe(`${app.origin}/auth/error?error=Verification`);
    expect(await store.rows("sessions")).toHaveLength(1);
  });

  it("email: signs an OIDC user whose address the IdP proved in, without creating another or removing anything", async () => {
    const app = harness.serve(store.adapter);
    const oidc = app.client();
    await signInThroughIdp(oidc, "idp", "alice");
    const [alice] = await store.rows("users");
    expect(alice.emailVerified).not.toBeNull();

    const client = app.client();
    await requestLink(client, people.alice.email);
    const followed = await client.send(linkIn((await harness.smtp.waitForMessage(people.alice.email, 15_000)).text));
    expect(followed.headers.get("location")).toBe(`${app.origin}/inbox`);
    expect(await store.rows("users")).toEqual([expect.objectContaining({ id: alice.id })]);
    expect(app.named("createUser")).toHaveLength(1);
    expect(app.named("updateUser")).toEqual([]);
    expect(await store.rows("sessions", { userId: alice.id })).toHaveLength(2);
    expect(await store.rows("accounts", { userId: alice.id })).toEqual([expect.objectContaining({ provider: "idp", providerAccountId: "alice" })]);
    expect(((await oidc.session()) as any).user.email).toBe(people.alice.email);
  });

  it("credentials: creates a real database session for the user authorize returns", async () => {
    const erin = await store.adapter.createUser({ id: "", email: "erin@example.com", name: "Erin", emailVerified: null });
    const app = harness.serve(store.adapter);
    const client = app.client();

    const refused = await signInWithPassword(app.client(), erin.email, "wrong");
    // The address it was tried with stays out of the URL (history, logs).
    expect(refused.headers.get("location")).toBe(`${app.origin}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect(await store.rows("sessions")).toEqual([]);

    const response = await signInWithPassword(client, erin.email);
    expect(response.headers.get("location")).toBe(`${app.origin}/home`);
    const token = client.jar.get(sessionCookie)!;
    expect(token).toMatch(/^[0-9a-f-]{32,}$/);
    const sessions = await store.rows("sessions");
    expect(sessions).toEqual([expect.objectContaining({ sessionToken: token, userId: erin.id })]);
    expect(await client.session()).toEqual({
      user: { name: "Erin", email: erin.email, image: null },
      expires: new Date(timeOf(sessions[0].expires)).toISOString(),
    });
    expect(await store.rows("accounts")).toEqual([]);
    expect(app.named("signIn")).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: erin.id }), account: expect.objectContaining({ type: "credentials", providerAccountId: erin.id }) })]);

    await client.signOut();
    expect(await store.rows("sessions")).toEqual([]);
    expect(await client.session()).toBeNull();
  });

  it("credentials: refuses a session for a user that is not in the users table", async () => {
    const ghost = { id: crypto.randomUUID(), email: "ghost@example.com", name: "Ghost" };
    const app = harness.serve(store.adapter, {
      providers: [Credentials({ credentials: { email: {} }, authorize: async () => ghost })],
    });
    const client = app.client();
    const response = await client.send("/callback/credentials", { form: { email: ghost.email, csrfToken: await client.csrfToken() } });
    // outside production the error page gets the developer hint's name (test/unit/core/credentials-database-hint.test.ts)
    expect(response.headers.get("location")).toBe(`${app.origin}/auth/error?error=Configuration&hint=credentials-database`);
    expect(await store.rows("sessions")).toEqual([]);
    expect(client.jar.get(sessionCookie)).toBeUndefined();
    expect(app.errors.join("\n")).toContain("not in the users table");
  });
});
