/**
 * Database sessions side by side with @auth/core 0.41.3 on the same adapter and the same cookie: the
 * session callback gets the same arguments (the stored row with `expires` a Date, `sessionToken`,
 * `userId`, and the full user), and /session sends the same JSON, with the default callback and with one
 * that returns `session` as it came.
 */
import { Auth as ReferenceAuth } from "@auth/core";
import { describe, expect, it } from "vitest";
import type { Adapter, AdapterUser } from "../../../src/adapters/adapter-contract.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { createAuth } from "../../../src/index.js";
import { quietLogger, secret } from "../../helpers/auth-client.js";
import { forEachEmptyStore } from "./stores.js";

const site = "http://localhost:3000";
const DAY = 86_400_000;

type SessionCallback = (params: Record<string, unknown>) => unknown;

/** GET /auth/session with `cookie`, from sekisho and from @auth/core, each with the same callback. */
async function bothSessions(adapter: Adapter, cookie: string, callback?: SessionCallback) {
  const callbacks = callback ? { session: callback } : {};
  const request = () => new Request(`${site}/auth/session`, { headers: { cookie } });
  const ours = createAuth(
    { secret, adapter, session: { strategy: "database" }, providers: [], callbacks: callbacks as never, logger: quietLogger },
    { env: {} },
  );
  const sekisho = await ours.fetch(request());
  const reference = (await ReferenceAuth(request(), {
    secret,
    trustHost: true,
    basePath: "/auth",
    adapter: adapter as never,
    session: { strategy: "database" },
    providers: [],
    callbacks: callbacks as never,
    logger: quietLogger,
  })) as Response;
  return { sekisho: await sekisho.text(), reference: await reference.text() };
}

/** A user and a session that is not due for an update, so neither library moves its expiry. */
async function storedSession(adapter: Adapter, user: Partial<AdapterUser>) {
  const stored = await adapter.createUser!({ id: "", email: `${crypto.randomUUID()}@example.com`, emailVerified: null, ...user });
  const session = await adapter.createSession!({ sessionToken: crypto.randomUUID(), userId: stored.id, expires: new Date(Date.now() + 30 * DAY - 60_000) });
  return { user: stored, session, cookie: `authjs.session-token=${session.sessionToken}` };
}

function recorder(answer: (params: Record<string, unknown>) => unknown = (params) => params.session) {
  const calls: Record<string, unknown>[] = [];
  const callback: SessionCallback = (params) => {
    calls.push(structuredClone(params));
    return answer(params);
  };
  return { calls, callback };
}

function parity(open: () => Promise<Adapter>) {
  it("the session callback gets the arguments @auth/core gives it", async () => {
    const adapter = await open();
    const { user, session, cookie } = await storedSession(adapter, { name: "Ada", image: "https://example.com/ada.png" });
    const { calls, callback } = recorder();
    await bothSessions(adapter, cookie, callback);
    const [sekishoArgs, referenceArgs] = calls;
    expect(referenceArgs).toBeDefined();
    expect(sekishoArgs).toEqual(referenceArgs);
    const given = sekishoArgs.session as Record<string, unknown>;
    expect(given.expires).toBeInstanceOf(Date);
    expect(given).toMatchObject({ sessionToken: session.sessionToken, userId: user.id, user: { id: user.id, emailVerified: null } });
    expect(sekishoArgs.user).toEqual(await adapter.getUser!(user.id));
  });

  it("a callback may call session.expires.toISOString()", async () => {
    const adapter = await open();
    const { session, cookie } = await storedSession(adapter, { name: "Ada" });
    const { sekisho, reference } = await bothSessions(adapter, cookie, ({ session: given }) => ({
      expires: (given as { expires: Date }).expires.toISOString(),
    }));
    expect(JSON.parse(sekisho)).toEqual({ expires: session.expires.toISOString() });
    expect(sekisho).toBe(reference);
  });

  it.each([
    ["with an image", { name: "Ada", image: "https://example.com/ada.png" }],
    ["without a name or an image", {}],
  ])("/session sends the reference's JSON, user %s, with the default callback", async (_case, fields) => {
    const adapter = await open();
    const { cookie } = await storedSession(adapter, fields);
    const { sekisho, reference } = await bothSessions(adapter, cookie);
    expect(sekisho).toBe(reference);
  });

  it("/session sends the reference's JSON when the callback returns session as it came", async () => {
    const adapter = await open();
    const { cookie } = await storedSession(adapter, { name: "Ada" });
    const { sekisho, reference } = await bothSessions(adapter, cookie, ({ session }) => session);
    expect(JSON.parse(sekisho)).toEqual(JSON.parse(reference));
  });
}

describe("memory adapter", () => parity(async () => MemoryAdapter()));

await forEachEmptyStore((store) => {
  parity(async () => store.adapter);

  it("getSessionAndUser returns the session's id column", async () => {
    const { session } = await storedSession(store.adapter, {});
    const [row] = await store.rows("sessions", { sessionToken: session.sessionToken });
    const found = await store.adapter.getSessionAndUser(session.sessionToken);
    expect(found?.session).toMatchObject({ id: row.id, sessionToken: session.sessionToken });
  });
});
