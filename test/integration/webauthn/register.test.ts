import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { TransactionalAdapter } from "../../../src/adapters/extensions.js";
import type { Adapter } from "../../../src/adapters/adapter-contract.js";
import type { AuthConfig } from "../../../src/index.js";
import { setCookiesOf } from "../../helpers/cookie-jar.js";
import { base64, callbackUrl, origin, passkeyAuth, passkeyClient, registerNewUser, registrationOptions, sqliteStorePerTest, verificationErrorUrl, type PasskeyClient } from "./fixtures.js";
import { createSoftAuthenticator } from "./soft-authenticator.js";

const store = sqliteStorePerTest();

const nothing = { users: 0, accounts: 0, authenticators: 0, sessions: 0 };

describe("registration of a new user", () => {
  it("creates the user, the webauthn account and the authenticator, and signs in (database session)", async () => {
    const calls: string[] = [];
    const auth = passkeyAuth(store.adapter, {
      events: {
        createUser: ({ user }) => void calls.push(`createUser ${user.email}`),
        linkAccount: ({ account }) => void calls.push(`linkAccount ${account.type}`),
        signIn: ({ isNewUser }) => void calls.push(`signIn new=${isNewUser}`),
      },
    });
    const client = passkeyClient(auth.fetch);
    const { credential } = await registerNewUser(client, "ada@example.com");

    expect(await client.session()).toMatchObject({ user: { email: "ada@example.com" } });
    expect(await store.counts()).toEqual({ users: 1, accounts: 1, authenticators: 1, sessions: 1 });
    const user = await store.adapter.getUserByEmail("ada@example.com");
    const credentialID = base64(credential.id);
    expect(await store.adapter.getAuthenticator(credentialID)).toMatchObject({
      credentialID,
      providerAccountId: credentialID,
      userId: user!.id,
      counter: 0,
      credentialDeviceType: "singleDevice",
      credentialBackedUp: false,
      transports: "internal",
    });
    expect(await store.adapter.getAccount(credentialID, "passkey")).toMatchObject({ userId: user!.id, type: "webauthn", provider: "passkey" });
    expect(user).toMatchObject({ email: "ada@example.com", emailVerified: null });
    expect(calls).toEqual(["createUser ada@example.com", "linkAccount webauthn", "signIn new=true"]);
  });

  it("runs the jwt callback with trigger signUp under the jwt strategy", async () => {
    const triggers: unknown[] = [];
    const auth = passkeyAuth(store.adapter, {
      session: { strategy: "jwt" },
      callbacks: { jwt: ({ token, trigger, account }) => (triggers.push([trigger, account?.type]), token) },
    });
    const client = passkeyClient(auth.fetch);
    await registerNewUser(client, "jwt@example.com");
    expect(triggers[0]).toEqual(["signUp", "webauthn"]);
    expect(await client.session()).toMatchObject({ user: { email: "jwt@example.com" } });
    expect(await store.counts()).toMatchObject({ users: 1, accounts: 1, authenticators: 1, sessions: 0 });
  });

  it("runs the signIn callback before writing: a refusal leaves nothing and no session", async () => {
    const client = passkeyClient(passkeyAuth(store.adapter, { callbacks: { signIn: () => false } }).fetch);
    const options = await registrationOptions(client, { email: "refused@example.com" });
    const response = await client.post("register", createSoftAuthenticator(origin).register(options));
    expect(response.headers.get("location")).toBe(`${origin}/auth/error?error=AccessDenied`);
    expect(await store.counts()).toEqual(nothing);
    expect(await client.session()).toBeNull();
  });
});

describe("a signed-in user adding a passkey", () => {
  it("links a second authenticator to the same user, with no new user", async () => {
    const client = passkeyClient(passkeyAuth(store.adapter).fetch);
    const first = await registerNewUser(client, "grace@example.com");
    const options = await registrationOptions(client, { action: "register" });
    const response = await client.post("register", first.authenticator.register(options));
    expect(response.headers.get("location")).toBe(callbackUrl);

    const user = await store.adapter.getUserByEmail("grace@example.com");
    const authenticators = await store.adapter.listAuthenticatorsByUserId(user!.id);
    expect(authenticators.map((a) => a.credentialID).sort()).toEqual(first.authenticator.credentials.map((c) => base64(c.id)).sort());
    expect((await store.counts()).users).toBe(1);
    expect(await client.session()).toMatchObject({ user: { email: "grace@example.com" } });
  });

  it("is refused when the session changed between options and registration", async () => {
    const client = passkeyClient(passkeyAuth(store.adapter).fetch);
    const { authenticator } = await registerNewUser(client, "switch@example.com");
    const options = await registrationOptions(client, { action: "register" });
    await client.signOut();
    const before = await store.counts();
    const response = await client.post("register", authenticator.register(options));
    expect(response.headers.get("location")).toBe(verificationErrorUrl);
    expect(await store.counts()).toEqual(before);
    expect(await client.session()).toBeNull();
  });
});

describe("a credential ID that is already registered", () => {
  it("cannot be registered again for another user, and signs nobody in", async () => {
    const victim = passkeyClient(passkeyAuth(store.adapter).fetch);
    const { credential } = await registerNewUser(victim, "victim@example.com");
    const attacker = passkeyClient(passkeyAuth(store.adapter).fetch);
    const options = await registrationOptions(attacker, { email: "attacker@example.com" });
    // The attacker's own key, claiming the victim's credential ID.
    const response = await attacker.post("register", createSoftAuthenticator(origin).register(options, { id: credential.id }));
    expect(response.headers.get("location")).toBe(verificationErrorUrl);
    expect(await attacker.session()).toBeNull();
    expect(await store.counts()).toEqual({ users: 1, accounts: 1, authenticators: 1, sessions: 1 });
  });
});

describe("all or nothing: a failing createAuthenticator leaves no user, account or session", () => {
  const failing = () => {
    throw new Error("authenticator store is down");
  };

  async function attempt(adapter: Adapter, config: Partial<AuthConfig> = {}) {
    const client = passkeyClient(passkeyAuth(adapter, config).fetch);
    const options = await registrationOptions(client, { email: "atomic@example.com" });
    const response = await client.post("register", createSoftAuthenticator(origin).register(options));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${origin}/auth/error?error=Configuration`);
    expect(setCookiesOf(response).filter((c) => c.name === "authjs.session-token" && c.value !== "")).toEqual([]);
    expect(await client.session()).toBeNull();
    return client;
  }

  it("inside a real SQLite transaction (the insert is refused by a trigger)", async () => {
    await store.client.execute(`CREATE TRIGGER refuse_authenticators BEFORE INSERT ON "authenticators" BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    await attempt(store.adapter);
    expect(await store.counts()).toEqual(nothing);
  });

  it("with the memory adapter's transaction", async () => {
    const memory = MemoryAdapter();
    // Failing inside the transaction, including when a nested transaction joins it.
    const refusing = (target: TransactionalAdapter): TransactionalAdapter => ({
      ...target,
      createAuthenticator: failing,
      transaction: (fn) => target.transaction((tx) => fn(refusing(tx))),
    });
    await attempt(refusing(memory));
    expect(await memory.getUserByEmail("atomic@example.com")).toBeNull();
  });

  it("with an adapter that has no transactions: the link and the user are undone", async () => {
    const memory = MemoryAdapter();
    const { transaction: _none, ...plain } = memory;
    const adapter: Adapter = { ...plain, createAuthenticator: failing };
    await attempt(adapter);
    expect(await memory.getUserByEmail("atomic@example.com")).toBeNull();
  });

  it("for a signed-in user adding a passkey: no account is linked", async () => {
    const client = passkeyClient(passkeyAuth(store.adapter).fetch);
    const { authenticator } = await registerNewUser(client, "adder@example.com");
    await store.client.execute(`CREATE TRIGGER refuse_authenticators BEFORE INSERT ON "authenticators" BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    const before = await store.counts();
    const options = await registrationOptions(client, { action: "register" });
    const response = await client.post("register", authenticator.register(options));
    expect(response.headers.get("location")).toBe(`${origin}/auth/error?error=Configuration`);
    expect(await store.counts()).toEqual(before);
  });
});
