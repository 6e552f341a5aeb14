/**
 * `session.absoluteMaxAge`: a session ends that long after its sign-in, however often it is re-issued, so a stolen
 * cookie kept in use does not live for ever. The jwt strategy carries the sign-in time in sekisho's own claim
 * `authn`, which the jwt callback cannot move; the database strategy reads it from the session record.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { createAuth } from "../../../src/auth.js";
import { decode, encode } from "../../../src/jwt.js";
import { adapterWithAlice, localClient, makeAuth, secret, type Client } from "../../helpers/auth-client.js";

const cookieName = "authjs.session-token";
const day = 24 * 60 * 60;

afterEach(() => {
  vi.useRealTimers();
});

/** Asks for the session once a day, from `fromDay` to `toDay` after `start` (plus a second); returns the last answer. */
async function dailyUse(client: Client, start: number, fromDay: number, toDay: number): Promise<unknown> {
  let session: unknown = null;
  for (let days = fromDay; days <= toDay; days += 1) {
    vi.setSystemTime(start + days * day * 1000 + 1000);
    session = await client.session();
    if (days < toDay) expect(session, `day ${days}`).not.toBeNull();
  }
  return session;
}

describe("absolute session lifetime", () => {
  it("jwt: a session used every day ends absoluteMaxAge after the sign-in, even when the jwt callback rewrites `authn`", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const auth = makeAuth({
      session: { strategy: "jwt", maxAge: 2 * day, absoluteMaxAge: 5 * day },
      callbacks: { jwt: ({ token }) => ({ ...token, authn: { startedAt: Math.floor(Date.now() / 1000) } }) },
    });
    const client = localClient(auth.fetch);
    await client.signIn();
    const lastDay = (await dailyUse(client, start, 1, 4)) as { expires: string };
    // the last re-issue expires at the absolute end, not a maxAge later
    expect(new Date(lastDay.expires).getTime()).toBeLessThanOrEqual(start + 5 * day * 1000 + 1000);
    const token = await decode({ token: client.jar.get(cookieName), secret, salt: cookieName });
    expect(token?.authn).toMatchObject({ startedAt: Math.floor(start / 1000), provedAt: Math.floor(start / 1000) });
    vi.setSystemTime(start + 5 * day * 1000 + 1000);
    expect(await client.session()).toBeNull();
  });

  it("jwt: a token minted without `authn` (the reference's, an older sekisho's) counts from its `iat`, kept by its re-issues", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const auth = makeAuth({ session: { strategy: "jwt", maxAge: 2 * day, absoluteMaxAge: 5 * day } });
    const client = localClient(auth.fetch);
    client.jar.set(cookieName, await encode({ token: { sub: "alice-id", name: "Alice" }, secret, salt: cookieName, maxAge: 2 * day }));
    await dailyUse(client, start, 1, 4);
    const token = await decode({ token: client.jar.get(cookieName), secret, salt: cookieName });
    expect(token?.authn).toEqual({ startedAt: Math.floor(start / 1000) });
    vi.setSystemTime(start + 5 * day * 1000 + 1000);
    expect(await client.session()).toBeNull();
  });

  it("jwt, by default: a session used every day ends 90 days after its sign-in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const client = localClient(makeAuth().fetch);
    await client.signIn();
    expect(await dailyUse(client, start, 1, 90)).toBeNull();
  });

  it("database: a session used every day ends absoluteMaxAge after the sign-in, and its row goes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const { adapter, provider } = await adapterWithAlice();
    const auth = makeAuth({ adapter, providers: [provider], session: { strategy: "database", maxAge: 2 * day, absoluteMaxAge: 5 * day } });
    const client = localClient(auth.fetch);
    await client.signIn();
    const sessionToken = client.jar.get(cookieName) ?? "";
    const find = vi.spyOn(adapter.sessionRecords, "find");
    await dailyUse(client, start, 1, 4);
    // the sign-in time is read once per extension, never on the reads between
    for (let i = 0; i < 5; i++) expect(await client.session()).not.toBeNull();
    expect(find).toHaveBeenCalledTimes(4);
    vi.setSystemTime(start + 5 * day * 1000 + 1000);
    expect(await client.session()).toBeNull();
    expect(await adapter.getSessionAndUser(sessionToken)).toBeNull();
  });

  it("database with a reference adapter (no session records): a set absoluteMaxAge is refused at start-up, naming the option", () => {
    const { sessionRecords: _records, ...reference } = MemoryAdapter();
    expect(() => createAuth({ secret, providers: [], adapter: reference, session: { strategy: "database", absoluteMaxAge: day } }, { env: {} })).toThrow(
      /session\.absoluteMaxAge[^]*sekisho's own adapters/,
    );
    expect(() => createAuth({ secret, providers: [], adapter: reference, session: { strategy: "database" } }, { env: {} })).not.toThrow();
  });

  it("a value that is no number of seconds (0, negative, NaN, text) is refused at start-up, naming the option", () => {
    for (const absoluteMaxAge of [0, -1, Number.NaN, "30d" as unknown as number]) {
      expect(() => makeAuth({ session: { absoluteMaxAge } }), String(absoluteMaxAge)).toThrow(/session\.absoluteMaxAge must be a number of seconds/);
    }
  });
});
