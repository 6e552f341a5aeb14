import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthConfig, Session } from "../../../src/index.js";
import type { Adapter, AdapterSession } from "../../../src/adapters/index.js";
import { adapterWithAlice, alice, localClient, makeAuth, origin } from "../../helpers/auth-client.js";
import { isDeletion, setCookiesOf } from "../../helpers/cookie-jar.js";

const day = 86400_000;
const t0 = new Date("2030-06-01T12:00:00Z").getTime();

async function databaseSetup(config: Partial<AuthConfig> = {}) {
  const { adapter, user, provider } = await adapterWithAlice();
  const updates: Parameters<NonNullable<Adapter["updateSession"]>>[0][] = [];
  const deletes: string[] = [];
  const watched: Adapter = {
    ...adapter,
    updateSession: async (session) => {
      updates.push(session);
      return adapter.updateSession!(session);
    },
    deleteSession: async (token) => {
      deletes.push(token);
      return (await adapter.deleteSession!(token)) as AdapterSession | null;
    },
  };
  const auth = makeAuth({ providers: [provider], adapter: watched, ...config });
  const client = localClient(auth.fetch);
  return { auth, client, adapter, user, updates, deletes };
}

describe("database sessions", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(t0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("credentials sign-in creates a session row; the cookie holds only its token", async () => {
    const jwtCalls: unknown[] = [];
    const { client, adapter, user } = await databaseSetup({ callbacks: { jwt: (params) => (jwtCalls.push(params), params.token) } });
    const response = await client.signIn();
    expect(response.status).toBe(302);
    const [cookie] = setCookiesOf(response).filter((c) => c.name === "authjs.session-token");
    expect(cookie.value).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(cookie.attributes.expires as string)).toBe(t0 + 30 * day);
    const stored = await adapter.getSessionAndUser!(cookie.value);
    expect(stored?.session).toMatchObject({ sessionToken: cookie.value, userId: user.id });
    expect(new Date(stored!.session.expires).getTime()).toBe(t0 + 30 * day);
    expect(jwtCalls).toEqual([]);
  });

  it("uses session.generateSessionToken", async () => {
    let n = 0;
    const { client, adapter } = await databaseSetup({ session: { generateSessionToken: () => `token-${++n}` } });
    await client.signIn();
    expect(client.jar.get("authjs.session-token")).toBe("token-1");
    expect(await adapter.getSessionAndUser!("token-1")).not.toBeNull();
  });

  it("/session and auth() read the session through the adapter", async () => {
    const { client, auth } = await databaseSetup();
    await client.signIn();
    const session = (await client.session()) as Session;
    expect(session).toEqual({ user: { name: alice.name, email: alice.email, image: alice.image }, expires: new Date(t0 + 30 * day).toISOString() });
    expect(await auth.auth(new Request(`${origin}/`, { headers: { cookie: client.jar.header() } }))).toEqual(session);
  });

  it("moves the expiry at most once per updateAge", async () => {
    const { client, adapter, updates } = await databaseSetup();
    await client.signIn();
    const token = client.jar.get("authjs.session-token")!;

    vi.setSystemTime(t0 + 3600_000);
    const early = await client.send("/session");
    expect(early.headers.getSetCookie()).toEqual([]);
    expect(updates).toEqual([]);

    const later = t0 + day + 1000;
    vi.setSystemTime(later);
    const due = await client.send("/session");
    expect(updates).toEqual([{ sessionToken: token, expires: new Date(later + 30 * day) }]);
    const [refreshed] = setCookiesOf(due);
    expect(refreshed.name).toBe("authjs.session-token");
    expect(refreshed.value).toBe(token);
    expect(Date.parse(refreshed.attributes.expires as string)).toBe(Math.floor((later + 30 * day) / 1000) * 1000);
    // as @auth/core: the response that moves the expiry shows the one it read, the next response the new one
    expect(((await due.json()) as Session).expires).toBe(new Date(t0 + 30 * day).toISOString());
    expect(((await (await client.send("/session")).json()) as Session).expires).toBe(new Date(later + 30 * day).toISOString());
    expect(new Date((await adapter.getSessionAndUser!(token))!.session.expires).getTime()).toBe(later + 30 * day);

    vi.setSystemTime(later + 60_000);
    expect((await client.send("/session")).headers.getSetCookie()).toEqual([]);
    vi.setSystemTime(later + day - 1000);
    await client.send("/session");
    expect(updates).toHaveLength(1);
  });

  it("updateAge 0 moves the expiry on every access", async () => {
    const { client, updates } = await databaseSetup({ session: { updateAge: 0 } });
    await client.signIn();
    await client.session();
    vi.setSystemTime(t0 + 1000);
    await client.session();
    expect(updates).toHaveLength(2);
  });

  it("an expired session is deleted and its cookie cleared", async () => {
    const { client, adapter, deletes } = await databaseSetup();
    await client.signIn();
    const token = client.jar.get("authjs.session-token")!;
    vi.setSystemTime(t0 + 30 * day + 1000);
    const response = await client.send("/session");
    expect(await response.json()).toBeNull();
    expect(deletes).toEqual([token]);
    expect(await adapter.getSessionAndUser!(token)).toBeNull();
    const [cleared] = setCookiesOf(response);
    expect(cleared.name).toBe("authjs.session-token");
    expect(isDeletion(cleared)).toBe(true);
  });

  it("an unknown session token gives null and clears the cookie", async () => {
    const { client } = await databaseSetup();
    client.jar.set("authjs.session-token", "not-a-session");
    const response = await client.send("/session");
    expect(await response.json()).toBeNull();
    expect(setCookiesOf(response).every(isDeletion)).toBe(true);
  });

  it("sign-out deletes the session row and the signOut event gets {session}", async () => {
    const signOuts: unknown[] = [];
    const { client, adapter, deletes, user } = await databaseSetup({ events: { signOut: (message) => void signOuts.push(message) } });
    await client.signIn();
    const token = client.jar.get("authjs.session-token")!;
    const response = await client.signOut();
    expect(response.status).toBe(302);
    expect(deletes).toEqual([token]);
    expect(await adapter.getSessionAndUser!(token)).toBeNull();
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
    expect(signOuts).toHaveLength(1);
    const { session } = signOuts[0] as { session: AdapterSession };
    expect(session).toMatchObject({ sessionToken: token, userId: user.id });
    // The old cookie is worthless afterwards, even if a client keeps it.
    client.jar.set("authjs.session-token", token);
    expect(await client.session()).toBeNull();
  });

  it("update passes newSession to the session callback, with the adapter user", async () => {
    const calls: { newSession?: unknown; trigger?: string; user?: { id: string } }[] = [];
    const { client, user } = await databaseSetup({
      callbacks: {
        session: ({ session, user: sessionUser, newSession, trigger }) => {
          calls.push({ newSession, trigger, user: sessionUser });
          return { ...session, user: { ...session.user, id: sessionUser.id }, ...(newSession ? { nickname: (newSession as { nickname: string }).nickname } : {}) };
        },
      },
    });
    await client.signIn();
    const response = await client.send("/session", { json: { csrfToken: await client.csrfToken(), data: { nickname: "Al" } } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ nickname: "Al", user: { id: user.id } });
    expect(calls.at(-1)).toMatchObject({ newSession: { nickname: "Al" }, trigger: "update", user: { id: user.id, email: alice.email } });

    const refused = await client.send("/session", { json: { data: { nickname: "Mallory" } } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toBeNull();
    expect(calls.some((call) => (call.newSession as { nickname?: string } | undefined)?.nickname === "Mallory")).toBe(false);
  });

  it("the session event gets {session}", async () => {
    const events: unknown[] = [];
    const { client } = await databaseSetup({ events: { session: (message) => void events.push(message) } });
    await client.signIn();
    const session = await client.session();
    expect(events).toEqual([{ session }]);
  });
});
