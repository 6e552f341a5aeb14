/**
 * The database session's life on a real store: its expiry moves at most once per updateAge (counted as
 * updateSession calls and read back from the expires column), and an expired row is deleted when it
 * is next used, with the cookie cleared.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TransactionalAdapter } from "../../../src/adapters/extensions.js";
import type { Client } from "../../helpers/auth-client.js";
import { isDeletion, setCookiesOf } from "../../helpers/cookie-jar.js";
import { sessionCookie, signInWithPassword, startHarness, type Harness } from "./harness.js";
import { forEachEmptyStore, timeOf } from "./stores.js";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.close());

const maxAge = 3600;
const updateAge = 600;

/** The store's adapter, counting the updateSession calls that reach it. */
function counting(adapter: TransactionalAdapter) {
  const counted = { ...adapter, updates: 0 };
  counted.updateSession = async (session) => {
    counted.updates++;
    return adapter.updateSession(session);
  };
  return counted;
}

await forEachEmptyStore((store) => {
  async function signedIn(sessionOptions: { updateAge: number }) {
    const user = await store.adapter.createUser({ id: "", email: "fay@example.com", name: "Fay", emailVerified: null });
    const adapter = counting(store.adapter);
    const app = harness.serve(adapter, { session: { strategy: "database", maxAge, ...sessionOptions } });
    const client = app.client();
    await signInWithPassword(client, user.email);
    const token = client.jar.get(sessionCookie)!;
    expect(token).toBeDefined();
    const expires = async () => timeOf((await store.rows("sessions", { sessionToken: token }))[0]?.expires);
    /** Moves the row's expiry as if the session had been made or extended `seconds` ago. */
    const age = (seconds: number) => store.sql(`UPDATE "sessions" SET "expires" = ? WHERE "sessionToken" = ?`, [new Date(Date.now() + (maxAge - seconds) * 1000).toISOString(), token]);
    return { adapter, app, client, token, expires, age };
  }

  async function read(client: Client) {
    const response = await client.send("/session");
    const cookie = setCookiesOf(response).find((c) => c.name === sessionCookie);
    return { body: (await response.json()) as any, cookie };
  }

  it("extends the expiry at most once per updateAge, and sets the cookie's new expiry when it does", async () => {
    const { adapter, client, expires, age } = await signedIn({ updateAge });
    const created = await expires();
    expect(created).toBeGreaterThan(Date.now() + (maxAge - 5) * 1000);

    for (let i = 0; i < 3; i++) {
      const { body, cookie } = await read(client);
      expect(body.user.email).toBe("fay@example.com");
      expect(cookie).toBeUndefined();
    }
    expect(adapter.updates).toBe(0);
    expect(await expires()).toBe(created);

    await age(updateAge - 30);
    const notYet = await expires();
    await read(client);
    expect(adapter.updates).toBe(0);
    expect(await expires()).toBe(notYet);

    await age(updateAge + 1);
    const stored = await expires();
    const before = Date.now();
    const { body, cookie } = await read(client);
    expect(adapter.updates).toBe(1);
    const extended = await expires();
    expect(extended).toBeGreaterThanOrEqual(before + maxAge * 1000 - 1000);
    expect(extended).toBeLessThanOrEqual(Date.now() + maxAge * 1000 + 1000);
    // as @auth/core: the response that moves the expiry shows the one it read; the next one shows the new expiry
    expect(body.expires).toBe(new Date(stored).toISOString());
    expect((await read(client)).body.expires).toBe(new Date(extended).toISOString());
    expect(Date.parse(cookie!.attributes.expires as string)).toBe(Math.floor(extended / 1000) * 1000);

    for (let i = 0; i < 3; i++) expect((await read(client)).cookie).toBeUndefined();
    expect(adapter.updates).toBe(1);
    expect(await expires()).toBe(extended);
  });

  it("with updateAge 0, extends the expiry on every access", async () => {
    const { adapter, client, expires } = await signedIn({ updateAge: 0 });
    let last = await expires();
    for (let i = 1; i <= 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await read(client)).cookie).toBeDefined();
      expect(adapter.updates).toBe(i);
      const now = await expires();
      expect(now).toBeGreaterThan(last);
      last = now;
    }
  });

  it("deletes an expired session row when it is used, clears the cookie and answers null", async () => {
    const { adapter, app, client, token } = await signedIn({ updateAge });
    await store.sql(`UPDATE "sessions" SET "expires" = ? WHERE "sessionToken" = ?`, [new Date(Date.now() - 1000).toISOString(), token]);
    const { body, cookie } = await read(client);
    expect(body).toBeNull();
    expect(cookie && isDeletion(cookie)).toBe(true);
    expect(await store.rows("sessions")).toEqual([]);
    expect(client.jar.get(sessionCookie)).toBeUndefined();
    expect(adapter.updates).toBe(0);
    expect(await store.rows("users", { email: "fay@example.com" })).toHaveLength(1);

    const replayed = await app.client().send("/session", { headers: { cookie: `${sessionCookie}=${token}` } });
    expect(await replayed.json()).toBeNull();
  });

  it("clears the cookie of a session the store does not know", async () => {
    const app = harness.serve(store.adapter);
    const response = await app.client().send("/session", { headers: { cookie: `${sessionCookie}=${crypto.randomUUID()}` } });
    expect(await response.json()).toBeNull();
    const cleared = setCookiesOf(response).find((c) => c.name === sessionCookie);
    expect(cleared && isDeletion(cleared)).toBe(true);
  });
});
