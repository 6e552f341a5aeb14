/**
 * Under the database strategy a session stands while its row's `expires` is ahead of now. An adapter written for
 * the reference may hand back an expiry that is no date: a Firestore-style `{ seconds, nanoseconds }` left
 * unconverted, or none at all. `new Date()` of it is Invalid Date, which compares false both ways: the session
 * was never expired (and never moved on either), so with a session callback that passes the session on it stood
 * for good; with the default callback every read was a 500. Tested on SQLite, with the adapter's read of the session
 * giving such an expiry.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Adapter } from "../../../src/adapters/adapter-contract.js";
import { sqliteStore, type SqliteStore } from "../../integration/webauthn/fixtures.js";
import { alice, checkAlice, credentialsProvider, localClient, makeAuth } from "../../helpers/auth-client.js";

/** The adapter, with the sessions it reads carrying `expires` as `shape` makes it. */
function expiringAs(adapter: Adapter, shape: (expires: Date) => unknown): Adapter {
  return Object.create(adapter, {
    getSessionAndUser: {
      value: async (token: string) => {
        const found = await adapter.getSessionAndUser!(token);
        return found && { ...found, session: { ...found.session, expires: shape(new Date(found.session.expires)) } };
      },
    },
  });
}

const shapes: [string, (expires: Date) => unknown][] = [
  ["a Firestore-style timestamp", (expires) => ({ seconds: expires.getTime() / 1000, nanoseconds: 0 })],
  ["undefined", () => undefined],
  ["unparseable text", () => "next month"],
];

describe("a database session whose expiry the adapter gives as no date", () => {
  let store: SqliteStore | undefined;
  afterEach(() => store?.close());

  it.each(shapes)("%s: no session, and the row is deleted", async (_, shape) => {
    store = await sqliteStore();
    const user = await store.adapter.createUser!({ id: "", email: alice.email, name: alice.name, emailVerified: null });
    const auth = makeAuth({
      adapter: expiringAs(store.adapter, shape),
      session: { strategy: "database" },
      // as apps often write it: the session passed on, its expiry untouched (the default one would throw on it)
      callbacks: { session: ({ session }) => session },
      providers: [credentialsProvider((credentials) => (checkAlice(credentials) ? { ...checkAlice(credentials), id: user.id } : null))],
    });
    const client = localClient(auth.fetch);
    await client.signIn();
    expect((await store.counts()).sessions).toBe(1);

    const read = await client.send("/session");
    expect(read.status).toBe(200);
    expect(await read.json()).toBeNull();
    expect((await store.counts()).sessions).toBe(0);
  });
});
