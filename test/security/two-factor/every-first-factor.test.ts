/**
 * A user with a second factor gets no session from any first factor alone: credentials, OAuth, an email link, and
 * the in-process signIn of server code. Each first factor answers the second-factor step and a sealed pending
 * cookie; only a right code completes, with the original callbackUrl. Both session strategies, over real HTTP, on
 * the memory adapter, SQLite and PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Adapter } from "../../../src/adapters/index.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { forEachEmptyStore } from "../../integration/database/stores.js";
import { alice, overHttp, type Client, type Transport } from "../../helpers/auth-client.js";
import { fakeUser, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";
import { followLink } from "../../helpers/link-mailbox.js";
import { codeFor, enroll, location, pendingCookie, secondFactor, serve, sessionCookie, type Served } from "./fixtures.js";

const { fake } = fakeOAuthForSuite({ users: [fakeUser(401, "alice-gh", alice.email, { email: alice.email })] });
let transport: Transport;
let current: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });

beforeAll(async () => {
  transport = await overHttp((request) => current(request));
  fake.redirectUris.add(`${transport.origin}/auth/callback/github`);
});
afterAll(() => transport?.close());
// Only the clock is faked, so that each sign-in below can use the next 30-second step's code.
beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: 1_800_000_000_000 }));
afterEach(() => vi.useRealTimers());

const nextStep = () => vi.setSystemTime(Date.now() + 30_000);
const session = async (c: Client) => ((await c.session()) as { user?: { email?: string } } | null)?.user?.email ?? null;

/** The suite on the adapter `makeAdapter` gives, under both strategies. */
const suite = (makeAdapter: () => Adapter) =>
describe.each(["jwt", "database"] as const)("with %s sessions", (strategy) => {
  let app: Served;
  let totpSecret: string;
  let backupCodes: string[];

  beforeEach(async () => {
    const adapter = makeAdapter();
    await adapter.createUser!({ id: "", email: alice.email, name: alice.name, emailVerified: new Date() });
    app = serve(transport, (fetch) => (current = fetch), adapter, fake, { session: { strategy } });
    const owner = app.client();
    expect(location(await owner.signIn())).toBe(`${transport.origin}/`);
    ({ secret: totpSecret, backupCodes } = await enroll(owner));
    nextStep();
  });

  const firstFactors: [string, (c: Client) => Promise<Response>][] = [
    [
      "credentials",
      async (c) =>
        c.send("/callback/credentials", {
          form: { username: "alice", password: alice.password, callbackUrl: "/welcome", csrfToken: await c.csrfToken() },
        }),
    ],
    ["OAuth", async (c) => (await signInAtFake(c, fake, "github", { login: "alice-gh" })).response],
    [
      "an email link",
      async (c) => {
        await c.send("/signin/email", { form: { email: alice.email, csrfToken: await c.csrfToken(), callbackUrl: "/welcome" } });
        return (await followLink(c, app.links.at(-1)!)).signedIn;
      },
    ],
  ];

  it.each(firstFactors)("%s alone sets no session cookie and leads to the second-factor step", async (_name, firstFactor) => {
    const c = app.client();
    const answered = await firstFactor(c);
    expect(answered.status).toBe(302);
    expect(location(answered)).toBe(`${transport.origin}/auth/two-factor`);
    expect(answered.headers.getSetCookie().some((line) => line.startsWith(`${sessionCookie}=`))).toBe(false);
    expect(c.jar.get(sessionCookie)).toBeUndefined();
    expect(c.jar.get(pendingCookie)).toBeTruthy();
    expect(await session(c)).toBeNull();

    const page = await c.send("/two-factor", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="code"');

    const done = await secondFactor(c, { code: await codeFor(totpSecret) });
    expect(location(done)).toBe(`${transport.origin}/welcome`);
    expect(await session(c)).toBe(alice.email);
    expect(c.jar.get(pendingCookie)).toBeUndefined();
  });

  it("answers { url } to a script and completes with a backup code, once", async () => {
    const c = app.client();
    const answered = await c.send("/callback/credentials", {
      form: { username: "alice", password: alice.password, callbackUrl: "/welcome", csrfToken: await c.csrfToken() },
      headers: { "x-auth-return-redirect": "1" },
    });
    expect(await answered.json()).toEqual({ url: `${transport.origin}/auth/two-factor` });
    expect(c.jar.get(sessionCookie)).toBeUndefined();
    const done = await secondFactor(c, { backupCode: backupCodes[0] }, { "x-auth-return-redirect": "1" });
    expect(await done.json()).toEqual({ url: `${transport.origin}/welcome` });
    expect(await session(c)).toBe(alice.email);

    const again = app.client();
    await again.send("/callback/credentials", {
      form: { username: "alice", password: alice.password, csrfToken: await again.csrfToken() },
    });
    const reused = await secondFactor(again, { backupCode: backupCodes[0] }, { accept: "application/json" });
    expect(reused.status).toBe(401);
    expect(await session(again)).toBeNull();
  });

  it("the in-process signIn of server code is held as well", async () => {
    const result = await app.auth.signIn("credentials", { username: "alice", password: alice.password, redirect: false });
    expect(result.url).toMatch(/\/auth\/two-factor$/);
    expect(result.cookies.some((cookie) => cookie.name === sessionCookie && cookie.value)).toBe(false);
    expect(result.cookies.some((cookie) => cookie.name === pendingCookie && cookie.value)).toBe(true);
  });

  it("a wrong code leaves the sign-in pending and shows the form again with the error", async () => {
    const c = app.client();
    await c.signIn();
    const wrong = await secondFactor(c, { code: "000000" === (await codeFor(totpSecret)) ? "111111" : "000000" }, { accept: "text/html" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("not right");
    expect(await session(c)).toBeNull();
    expect(location(await secondFactor(c, { code: await codeFor(totpSecret) }))).toBe(`${transport.origin}/`);
  });
});

describe("memory adapter", () => suite(() => MemoryAdapter()));
await forEachEmptyStore((store) => suite(() => store.adapter));
