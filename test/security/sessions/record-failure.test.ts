/**
 * Under the jwt strategy the session list and "sign out all other sessions" know a session only by its record,
 * and the claim of an unverified user revokes only recorded sessions. A sign-in whose record could not be written
 * (the records table gone, the database failing) answered the error page but still set the session cookie: a
 * valid session nothing lists and nothing but `revokeSessions` can end. Tested on SQLite with the table dropped, under
 * the jwt strategy and the database strategy (which held: its cookie is set only after the record).
 */
import { afterEach, describe, expect, it } from "vitest";
import { sqliteStore, type SqliteStore } from "../../integration/webauthn/fixtures.js";
import { alice, checkAlice, credentialsProvider, localClient, makeAuth } from "../../helpers/auth-client.js";

const cookieName = "authjs.session-token";

describe("a sign-in whose session cannot be recorded", () => {
  let store: SqliteStore | undefined;
  afterEach(() => store?.close());

  it.each(["jwt", "database"] as const)("%s strategy: sets no session cookie, the sign-in fails closed", async (strategy) => {
    store = await sqliteStore();
    const user = await store.adapter.createUser!({ id: "", email: alice.email, name: alice.name, emailVerified: null });
    const errors: Error[] = [];
    const auth = makeAuth({
      adapter: store.adapter,
      session: { strategy },
      providers: [credentialsProvider((credentials) => (checkAlice(credentials) ? { ...checkAlice(credentials), id: user.id } : null))],
      logger: { error: (error) => errors.push(error), warn: () => {}, debug: () => {} },
    });
    await store.client.execute("DROP TABLE sekisho_sessions");

    const client = localClient(auth.fetch);
    const response = await client.signIn();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("error=Configuration");
    expect(client.jar.get(cookieName)).toBeUndefined();
    expect(await client.session()).toBeNull();
    expect(errors.length).toBeGreaterThan(0);
  });
});
