/**
 * Attacks on revocation and the session list, one suite every store runs through: a revoked cookie replayed,
 * one user ending another's session by id, a cross-site revoke without the CSRF token, malformed ids, a token
 * minted without a sid, and a store that cannot be read.
 */
import { afterEach, describe, expect, it } from "vitest";
import { encode } from "../../../src/jwt.js";
import type { AdapterSessionRecords } from "../../../src/adapters/session-records/session-record-store.js";
import { alice, credentialsProvider, localClient, makeAuth, secret, type Client } from "../../helpers/auth-client.js";
import type { OpenRecords, RecordsUnderTest } from "../../helpers/record-stores.js";

const cookieName = "authjs.session-token";
const users: Record<string, { id: string; email: string; name: string }> = {
  alice: { id: alice.id, email: alice.email, name: alice.name },
  bob: { id: "user-bob", email: "bob@example.com", name: "Bob" },
};
/** Credentials for alice and bob, each with the password "pw"; `known` holds them as the adapter stored them. */
const credentialsFor = (known: typeof users) =>
  credentialsProvider((credentials) => (credentials.password === "pw" && Object.hasOwn(known, String(credentials.username)) ? known[String(credentials.username)] : null));
const twoUsers = credentialsFor(users);

const signIn = (client: Client, username: string) => client.signIn({ username, password: "pw" });
const list = async (client: Client) => (await (await client.send("/sessions", { headers: { accept: "application/json" } })).json()) as { id: string; current: boolean }[];

async function revoke(client: Client, fields: Record<string, string>, headers: Record<string, string> = { accept: "application/json" }) {
  return client.send("/sessions/revoke", { form: fields, headers });
}

export function runRevocationAttacks(name: string, open: OpenRecords): void {
  let opened: RecordsUnderTest[] = [];
  afterEach(async () => {
    await Promise.all(opened.map((store) => store.cleanup()));
    opened = [];
  });
  /** A fresh store of this kind, dropped after the test. */
  async function freshAdapter() {
    const store = await open();
    opened.push(store);
    return store.adapter;
  }

for (const strategy of ["jwt", "database"] as const) {
  describe(`session revocation attacks: ${name} (${strategy} strategy)`, () => {
    async function setUp() {
      const adapter = await freshAdapter();
      const stored = { ...users };
      if (strategy === "database") {
        for (const [name, user] of Object.entries(users)) stored[name] = { ...user, id: (await adapter.createUser({ ...user, emailVerified: null })).id };
      }
      const auth = makeAuth({ adapter, providers: [credentialsFor(stored)], session: { strategy } });
      return { adapter, auth };
    }

    it("user A cannot revoke user B's session by its id: 404, and B stays signed in", async () => {
      const { auth } = await setUp();
      const mallory = localClient(auth.fetch);
      const bob = localClient(auth.fetch);
      await signIn(mallory, "alice");
      await signIn(bob, "bob");
      const [bobsSession] = await list(bob);
      const response = await revoke(mallory, { id: bobsSession.id, csrfToken: await mallory.csrfToken() });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: "SessionNotFound" });
      expect(await bob.session()).toMatchObject({ user: { email: "bob@example.com" } });
      expect((await list(bob)).map((session) => session.id)).toEqual([bobsSession.id]);
      // nor does `others` reach past the signed-in user's own sessions
      await revoke(mallory, { others: "true", csrfToken: await mallory.csrfToken() });
      expect(await bob.session()).not.toBeNull();
    });

    it("a revoke without the CSRF token, or with a forged one, is refused and ends nothing", async () => {
      const { auth } = await setUp();
      const victim = localClient(auth.fetch);
      const phone = localClient(auth.fetch);
      await signIn(victim, "alice");
      await signIn(phone, "alice");
      const other = (await list(victim)).find((session) => !session.current)!;
      const missing = await revoke(victim, { id: other.id });
      expect(missing.status).toBe(403);
      expect(await missing.json()).toMatchObject({ error: "MissingCSRF" });
      const forged = await revoke(victim, { id: other.id, csrfToken: "0".repeat(64) });
      expect(forged.status).toBe(403);
      const crossSite = await revoke(victim, { others: "true" }, { accept: "text/html" });
      expect(crossSite.status).toBe(400);
      expect(crossSite.headers.get("content-type")).toContain("text/html");
      expect(await phone.session()).not.toBeNull();
      expect(await list(victim)).toHaveLength(2);
    });

    it("malformed ids are 400, never a 500", async () => {
      const { auth } = await setUp();
      const client = localClient(auth.fetch);
      await signIn(client, "alice");
      for (const id of ["", "short", "x".repeat(23), "a/b+c=d".padEnd(22, "e"), "<script>alert(1)</script>"]) {
        const response = await revoke(client, { id, csrfToken: await client.csrfToken() });
        expect(response.status, id).toBe(400);
        expect(await response.json()).toMatchObject({ error: "InvalidRequest" });
      }
      const noId = await revoke(client, { csrfToken: await client.csrfToken() });
      expect(noId.status).toBe(400);
      const json = await client.send("/sessions/revoke", { json: { id: ["array"], csrfToken: await client.csrfToken() }, headers: { accept: "application/json" } });
      expect(json.status).toBe(400);
      expect(await client.session()).not.toBeNull();
    });

    it("a revoked session's cookie, replayed from a copy, gives no session", async () => {
      const { auth } = await setUp();
      const victim = localClient(auth.fetch);
      await signIn(victim, "alice");
      const stolen = localClient(auth.fetch);
      stolen.jar.set(cookieName, String(victim.jar.get(cookieName)));
      expect(await stolen.session()).not.toBeNull();
      const [session] = await list(victim);
      expect(await auth.revokeSession(session.id)).toBe(true);
      expect(await stolen.session()).toBeNull();
      expect(await victim.session()).toBeNull();
      // nor can the revoked cookie list, update or re-issue anything
      expect((await stolen.send("/sessions", { headers: { accept: "application/json" } })).status).toBe(401);
      const update = await stolen.send("/session", { json: { csrfToken: await stolen.csrfToken(), data: { name: "x" } } });
      expect(await update.json()).toBeNull();
    });
  });
}

describe(`jwt strategy specifics: ${name}`, () => {
  it("a revocation by id is recorded only for the signed-in user's own session: a foreign or unknown id records nothing", async () => {
    const adapter = await freshAdapter();
    const auth = makeAuth({ adapter, providers: [twoUsers], session: { strategy: "jwt" } });
    const client = localClient(auth.fetch);
    await signIn(client, "alice");
    await revoke(client, { id: "A".repeat(22), csrfToken: await client.csrfToken() });
    expect(await (adapter as AdapterSessionRecords).sessionRecords.revokedSince(0)).toEqual([]);
  });

  it("a token minted without a sid (by the reference library) is refused after revokeSessions for its user", async () => {
    const auth = makeAuth({ adapter: await freshAdapter(), session: { strategy: "jwt" } });
    const legacy = localClient(auth.fetch);
    const token = await encode({ token: { sub: alice.id, email: alice.email, name: alice.name }, secret, salt: cookieName });
    legacy.jar.set(cookieName, token);
    expect(await legacy.session()).toMatchObject({ user: { email: alice.email } });
    await auth.revokeSessions({ userId: alice.id });
    expect(await legacy.session()).toBeNull();
  });

  it("when the revocations cannot be read, the session is refused (fail closed) and the cookie kept for later", async () => {
    const adapter = await freshAdapter();
    const errors: Error[] = [];
    const auth = makeAuth({ adapter, session: { strategy: "jwt" }, logger: { error: (error) => void errors.push(error), warn: () => {}, debug: () => {} } });
    const client = localClient(auth.fetch);
    await client.signIn();
    adapter.sessionRecords.revokedSince = async () => {
      throw new Error("connection refused");
    };
    const response = await client.send("/session");
    expect(await response.json()).toBeNull();
    expect(response.headers.get("set-cookie") ?? "").not.toContain(cookieName);
    expect(errors.map((error) => error.message)).toContain("connection refused");
  });
});
}
