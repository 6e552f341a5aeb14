/**
 * `databaseSession` from sekisho/testing, on the memory adapter and on a real SQLite file: the session row
 * it makes through the adapter contract, and its cookie, are a signed-in session for a database-strategy
 * app, sekisho's and the reference `@auth/core`'s.
 */
import { Auth as ReferenceAuth } from "@auth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { MissingAdapterMethods } from "../../../src/index.js";
import { type Adapter } from "../../../src/adapters/index.js";
import { databaseSession, type DatabaseSessionOptions } from "../../../src/testing.js";
import { makeAuth, quietLogger, secret } from "../../helpers/auth-client.js";
import { openSQLite, type Store } from "../database/stores.js";

const http = "http://localhost:3000";
const https = "https://app.example.com";
const ada = { email: "ada@example.com", name: "Ada Lovelace", image: "https://example.com/ada.png" };
const shownAda = { name: ada.name, email: ada.email, image: ada.image };

interface Backend {
  adapter: Adapter;
  /** The session rows the store holds for a token. */
  sessionRows(sessionToken: string): Promise<unknown[]>;
}

const backends: [string, () => Promise<Backend & { close(): Promise<void> }>][] = [
  [
    "memory",
    async () => {
      const adapter = MemoryAdapter();
      const sessionRows = async (token: string) => [(await adapter.getSessionAndUser!(token))?.session].filter(Boolean);
      return { adapter, sessionRows, close: async () => {} };
    },
  ],
  [
    "SQLite (libsql file)",
    async () => {
      const store: Store = await openSQLite();
      return { adapter: store.adapter, sessionRows: (token) => store.rows("sessions", { sessionToken: token }), close: store.close };
    },
  ],
];

describe.each(backends)("databaseSession on %s", (_name, open) => {
  let backend: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    backend = await open();
  });
  afterAll(() => backend.close());

  const app = () => makeAuth({ adapter: backend.adapter, session: { strategy: "database" } });
  const session = async (site: string, cookie: string) => {
    const response = await app().fetch(new Request(`${site}/auth/session`, { headers: { cookie } }));
    expect(response.status).toBe(200);
    return response.json();
  };

  it("creates the user and a session row; the app reads the cookie as signed in", async () => {
    const made = await databaseSession(backend.adapter, { user: ada });
    expect(made.user).toMatchObject({ ...ada, emailVerified: null });
    expect(made.user.id).toEqual(expect.any(String));
    expect(made.name).toBe("authjs.session-token");
    expect(made.header).toBe(`authjs.session-token=${made.value}`);
    expect(await backend.sessionRows(made.value)).toHaveLength(1);

    expect(await session(http, made.header)).toMatchObject({ user: shownAda });
    expect((await app().auth(new Request(`${http}/`, { headers: { cookie: made.header } })))?.user).toEqual(shownAda);
  });

  it("reuses the user with that email", async () => {
    const first = await databaseSession(backend.adapter, { user: ada });
    const second = await databaseSession(backend.adapter, { user: { email: ada.email, name: "Someone Else" } });
    expect(second.user).toEqual(first.user);
    expect(second.value).not.toBe(first.value);
  });

  it("is read by @auth/core on the same adapter", async () => {
    const made = await databaseSession(backend.adapter, { user: ada });
    const config = { secret, trustHost: true, basePath: "/auth", adapter: backend.adapter as never, providers: [], logger: quietLogger };
    const response = (await ReferenceAuth(new Request(`${http}/auth/session`, { headers: { cookie: made.header } }), config)) as Response;
    expect(await response.json()).toMatchObject({ user: shownAda });
  });

  it("with secureCookie, has the __Secure- name and is read on an https origin", async () => {
    const made = await databaseSession(backend.adapter, { user: ada, secureCookie: true });
    expect(made.name).toBe("__Secure-authjs.session-token");
    expect(await session(https, made.header)).toMatchObject({ user: shownAda });
  });

  it("with a past expires, makes a session the app refuses (and deletes)", async () => {
    const expires = new Date(Date.now() - 60_000);
    const made = await databaseSession(backend.adapter, { user: ada, expires });
    expect(made.expires).toEqual(expires);
    expect(await backend.sessionRows(made.value)).toHaveLength(1);
    expect(await session(http, made.header)).toBeNull();
    expect(await backend.sessionRows(made.value)).toHaveLength(0);
  });
});

describe("databaseSession refuses bad input with a clear error", () => {
  const call = (adapter: unknown, options: unknown) => databaseSession(adapter as Adapter, options as DatabaseSessionOptions);

  it("an adapter without createSession: MissingAdapterMethods naming it", async () => {
    const { createSession: _left, ...adapter } = MemoryAdapter();
    const error = await call(adapter, { user: ada }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingAdapterMethods);
    expect((error as Error).message).toMatch(/^databaseSession: the adapter lacks createSession,/);
  });

  it.each([
    ["no adapter", undefined, { user: ada }, /pass the app's adapter first/],
    ["no options", MemoryAdapter(), undefined, /pass `user` with an `email`/],
    ["a user without email", MemoryAdapter(), { user: { name: "Ada" } }, /pass `user` with an `email`/],
    ["an empty email", MemoryAdapter(), { user: { email: "" } }, /pass `user` with an `email`/],
    ["expires that is not a Date", MemoryAdapter(), { user: ada, expires: "tomorrow" }, /expires must be a valid Date/],
    ["an invalid Date", MemoryAdapter(), { user: ada, expires: new Date(Number.NaN) }, /expires must be a valid Date/],
    ["an empty cookieName", MemoryAdapter(), { user: ada, cookieName: "" }, /cookieName must be the app's session cookie name/],
  ])("%s: TypeError", async (_case, adapter, options, message) => {
    const error = await call(adapter, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(message);
  });
});
