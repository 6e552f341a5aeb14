/**
 * The account-linking table of REFERENCE.md against a real store, through the real OpenID provider,
 * and the createUser and linkAccount events with the shapes the spec gives them.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { signInThroughIdp } from "../oauth/oidc-flow.js";
import { people, sessionCookie, startHarness, type Harness } from "./harness.js";
import { forEachEmptyStore } from "./stores.js";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.close());

await forEachEmptyStore((store) => {
  const signInError = (origin: string, code: string) => `${origin}/auth/signin?error=${code}`;

  it("refuses a new account whose email belongs to an existing user: OAuthAccountNotLinked, nothing written", async () => {
    const existing = await store.adapter.createUser({ id: "", email: people.bob.email, name: "Bob (password user)", emailVerified: null });
    const app = harness.serve(store.adapter);
    const client = app.client();
    const { response } = await signInThroughIdp(client, "idp", "bob");
    expect(response.headers.get("location")).toBe(signInError(app.origin, "OAuthAccountNotLinked"));
    expect(await store.rows("users")).toEqual([expect.objectContaining({ id: existing.id, name: "Bob (password user)" })]);
    expect(await store.rows("accounts")).toEqual([]);
    expect(await store.rows("sessions")).toEqual([]);
    expect(client.jar.get(sessionCookie)).toBeUndefined();
    expect(app.named("linkAccount")).toEqual([]);
  });

  it("links a new account to the user with the same email when the provider allows dangerous email linking", async () => {
    const existing = await store.adapter.createUser({ id: "", email: people.bob.email, name: "Bob (password user)", emailVerified: null });
    const app = harness.serve(store.adapter);
    const client = app.client();
    const { response } = await signInThroughIdp(client, "trusting", "bob");
    expect(response.headers.get("location")).toBe(`${app.origin}/welcome`);
    expect(await store.rows("users")).toHaveLength(1);
    expect(await store.rows("accounts")).toEqual([expect.objectContaining({ userId: existing.id, provider: "trusting", providerAccountId: "bob" })]);
    expect(await store.rows("sessions")).toEqual([expect.objectContaining({ userId: existing.id, sessionToken: client.jar.get(sessionCookie) })]);
    expect(app.named("createUser")).toEqual([]);
    expect(app.named("linkAccount")).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: existing.id }) })]);
    expect(app.named("signIn")).toEqual([expect.objectContaining({ isNewUser: false })]);
  });

  it("links a new account to the signed-in user, and signs a known account in as its owner", async () => {
    const app = harness.serve(store.adapter);
    const client = app.client();
    await signInThroughIdp(client, "idp", "alice");
    const [alice] = await store.rows("users");
    const { response } = await signInThroughIdp(client, "idp", "carol");
    expect(response.headers.get("location")).toBe(`${app.origin}/welcome`);
    expect(await store.rows("users")).toEqual([expect.objectContaining({ id: alice.id })]);
    const accounts = await store.rows("accounts", { userId: alice.id });
    expect(accounts.map((account) => account.providerAccountId).sort()).toEqual(["alice", "carol"]);
    expect(app.named("linkAccount").map((event) => [event.user.id, event.account.providerAccountId])).toEqual([
      [alice.id, "alice"],
      [alice.id, "carol"],
    ]);
    expect(((await client.session()) as any).user.email).toBe(people.alice.email);

    const stranger = app.client();
    await signInThroughIdp(stranger, "idp", "carol");
    expect(((await stranger.session()) as any).user.email).toBe(people.alice.email);
    expect(await store.rows("sessions", { userId: alice.id })).toHaveLength(3);
    expect(app.named("createUser")).toHaveLength(1);
  });

  it("refuses an account owned by another user while signed in: OAuthAccountNotLinked, the session kept", async () => {
    const app = harness.serve(store.adapter);
    await signInThroughIdp(app.client(), "idp", "alice");
    const bob = app.client();
    await signInThroughIdp(bob, "idp", "bob");
    const bobToken = bob.jar.get(sessionCookie);
    const { response } = await signInThroughIdp(bob, "idp", "alice");
    expect(response.headers.get("location")).toBe(signInError(app.origin, "OAuthAccountNotLinked"));
    expect(bob.jar.get(sessionCookie)).toBe(bobToken);
    expect(((await bob.session()) as any).user.email).toBe(people.bob.email);
    const owner = await store.sql(`SELECT u."email" FROM "accounts" a JOIN "users" u ON u."id" = a."userId" WHERE a."providerAccountId" = ?`, ["alice"]);
    expect(owner).toEqual([{ email: people.alice.email }]);
    expect(await store.rows("accounts")).toHaveLength(2);
  });

  it("fires createUser and linkAccount with the user as stored and the account as linked", async () => {
    const app = harness.serve(store.adapter);
    await signInThroughIdp(app.client(), "idp", "alice");
    const [row] = await store.rows("users");
    const [accountRow] = await store.rows("accounts");
    expect(app.events.map((event) => event.name)).toEqual(["createUser", "linkAccount", "signIn"]);

    const [{ user }] = app.named("createUser");
    expect(user).toEqual({ id: row.id, email: people.alice.email, name: people.alice.name, image: people.alice.picture, emailVerified: expect.any(Date) });

    const [linked] = app.named("linkAccount");
    expect(Object.keys(linked).sort()).toEqual(["account", "profile", "user"]);
    expect(linked.user).toEqual(user);
    expect(linked.account).toMatchObject({
      userId: row.id,
      type: "oidc",
      provider: "idp",
      providerAccountId: "alice",
      token_type: "bearer",
      access_token: accountRow.access_token,
      id_token: accountRow.id_token,
      expires_at: Number(accountRow.expires_at),
      scope: expect.stringContaining("openid"),
    });
    expect(linked.profile).toMatchObject({ id: "alice", email: people.alice.email, name: people.alice.name, image: people.alice.picture });

    const [signIn] = app.named("signIn");
    expect(signIn).toMatchObject({ user: { id: row.id }, account: { providerAccountId: "alice", userId: row.id }, isNewUser: true });
    expect(signIn.profile).toMatchObject({ sub: "alice", email: people.alice.email });
  });
});
