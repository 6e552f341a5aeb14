/**
 * `twoFactor.required`: a user it names who has no second factor gets no session from the first factor; the
 * second-factor step enrolls an authenticator app (the key and its URI), whose first code turns TOTP on, shows the
 * backup codes once and completes the sign-in. Both strategies, over real HTTP, on the memory adapter, SQLite and
 * PostgreSQL; then the ways around it: the callbackUrl directly, the in-process signIn, the enrollment cookie given
 * another factor, replayed, or kept until after the user enrolled elsewhere.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Adapter } from "../../../src/adapters/index.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { adapterUserFactors } from "../../../src/adapters/user-factors/factor-store.js";
import type { AuthConfig } from "../../../src/index.js";
import { forEachEmptyStore } from "../../integration/database/stores.js";
import { alice, overHttp, type Client, type Transport } from "../../helpers/auth-client.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";
import { codeFor, location, pendingCookie, secondFactor, serve, sessionCookie, type Served } from "./fixtures.js";
import { twoFactor } from "../../../src/two-factor/index.js";

const { fake } = fakeOAuthForSuite();
let transport: Transport;
let current: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
beforeAll(async () => {
  transport = await overHttp((request) => current(request));
});
afterAll(() => transport?.close());
beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: 1_800_000_000_000 }));
afterEach(() => vi.useRealTimers());

const nextStep = () => vi.setSystemTime(Date.now() + 30_000);
const emailOf = async (c: Client) => ((await c.session()) as { user?: { email?: string } } | null)?.user?.email ?? null;
const json = { accept: "application/json" };
const html = { accept: "text/html" };

async function requiredApp(adapter: Adapter, config: Partial<AuthConfig> = {}) {
  await adapter.createUser!({ id: "", email: alice.email, name: alice.name, emailVerified: new Date() });
  const app: Served = serve(transport, (fetch) => (current = fetch), adapter, fake, {
    twoFactor: twoFactor({ required: true }),
    ...config,
  });
  const userId = (await adapter.getUserByEmail!(alice.email))!.id;
  return { app, userId, factors: adapterUserFactors(adapter)! };
}

/** The first factor as a browser, then the enrollment's key read from the JSON step. */
async function startEnrollment(c: Client): Promise<{ secret: string; uri: string }> {
  const first = await c.send("/callback/credentials", {
    form: { username: "alice", password: alice.password, callbackUrl: "/welcome", csrfToken: await c.csrfToken() },
  });
  expect(location(first)).toBe(`${transport.origin}/auth/two-factor`);
  return (await (await c.send("/two-factor", { headers: json })).json()) as { secret: string; uri: string };
}

const suite = (makeAdapter: () => Adapter) =>
  describe.each(["jwt", "database"] as const)("with %s sessions", (strategy) => {
    it("the first factor enrolls: the key on the page, the first code turns TOTP on, the backup codes once, then the session", async () => {
      const { app, userId, factors } = await requiredApp(makeAdapter(), { session: { strategy } });
      const c = app.client();
      const first = await c.send("/callback/credentials", {
        form: { username: "alice", password: alice.password, callbackUrl: "/welcome", csrfToken: await c.csrfToken() },
      });
      expect(location(first)).toBe(`${transport.origin}/auth/two-factor`);
      expect(first.headers.getSetCookie().some((line) => line.startsWith(`${sessionCookie}=`))).toBe(false);
      expect(await emailOf(c)).toBeNull();

      const step = await c.send("/two-factor", { headers: html });
      expect(step.status).toBe(200);
      const body = await step.text();
      const secret = /data-totp-secret="?[^>]*>([A-Z2-7]+)</.exec(body)?.[1];
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(body).toContain(`href="otpauth://totp/`);
      expect(body).toContain('name="code"');
      expect(body).not.toContain('name="backupCode"');
      expect(await factors.list(userId, "totp")).toEqual([]);

      const done = await secondFactor(c, { code: await codeFor(secret!) }, html);
      expect(done.status).toBe(200);
      const codesPage = await done.text();
      const codes = [...codesPage.matchAll(/<code>([0-9a-z]{5}-[0-9a-z]{5})<\/code>/g)].map((m) => m[1]);
      expect(codes).toHaveLength(10);
      expect(codesPage).toContain(`href="${transport.origin}/welcome"`);
      expect(await emailOf(c)).toBe(alice.email);
      expect(c.jar.get(pendingCookie)).toBeUndefined();
      expect((await factors.list(userId, "totp")).map((f) => f.confirmed)).toEqual([true]);

      // from now on the user is held at the usual step, where a backup code of that page completes
      nextStep();
      const later = app.client();
      expect(location(await later.signIn())).toBe(`${transport.origin}/auth/two-factor`);
      expect(await (await later.send("/two-factor", { headers: json })).json()).toEqual({ methods: ["totp", "backup-code"] });
      expect(location(await secondFactor(later, { backupCode: codes[3] }))).toBe(`${transport.origin}/`);
      expect(await emailOf(later)).toBe(alice.email);
    });

    it("a script gets { url }, then { secret, uri } from the step, and { url, backupCodes } for the first code", async () => {
      const { app } = await requiredApp(makeAdapter(), { session: { strategy } });
      const c = app.client();
      const first = await c.signIn({ username: "alice", password: alice.password }, { "x-auth-return-redirect": "1" });
      expect(await first.json()).toEqual({ url: `${transport.origin}/auth/two-factor` });
      const { secret, uri } = (await (await c.send("/two-factor", { headers: json })).json()) as { secret: string; uri: string };
      const issuer = encodeURIComponent(new URL(transport.origin).host);
      expect(uri).toBe(`otpauth://totp/${issuer}:alice%40example.com?secret=${secret}&issuer=${issuer}`);
      const done = await secondFactor(c, { code: await codeFor(secret) }, json);
      expect(done.status).toBe(200);
      const answer = (await done.json()) as { url: string; backupCodes: string[] };
      expect(answer.url).toBe(`${transport.origin}/`);
      expect(answer.backupCodes).toHaveLength(10);
      expect(await emailOf(c)).toBe(alice.email);
    });
  });

describe("memory adapter", () => suite(() => MemoryAdapter()));
await forEachEmptyStore((store) => suite(() => store.adapter));

describe("ways around the enrollment", () => {
  it("a function names the users: one it does not name signs in with the first factor alone", async () => {
    const named: string[] = [];
    const { app } = await requiredApp(MemoryAdapter(), {
      twoFactor: twoFactor({ required: (user) => (named.push(user.email ?? ""), user.email !== alice.email) }),
    });
    const c = app.client();
    expect(location(await c.signIn())).toBe(`${transport.origin}/`);
    expect(named).toEqual([alice.email]);
    expect(await emailOf(c)).toBe(alice.email);
  });

  it("going straight to the callbackUrl, or asking for the session, finds no one signed in", async () => {
    const { app } = await requiredApp(MemoryAdapter());
    const c = app.client();
    await startEnrollment(c);
    expect(c.jar.get(sessionCookie)).toBeUndefined();
    expect(await emailOf(c)).toBeNull();
    const page = await c.send(`${transport.origin}/welcome`);
    expect(page.headers.getSetCookie().some((line) => line.startsWith(`${sessionCookie}=`))).toBe(false);
    expect(await emailOf(c)).toBeNull();
  });

  it("the in-process signIn of server code is held for the enrollment as well", async () => {
    const { app } = await requiredApp(MemoryAdapter());
    const result = await app.auth.signIn("credentials", { username: "alice", password: alice.password, redirect: false });
    expect(result.url).toMatch(/\/auth\/two-factor$/);
    expect(result.cookies.some((cookie) => cookie.name === sessionCookie && cookie.value)).toBe(false);
    expect(result.cookies.some((cookie) => cookie.name === pendingCookie && cookie.value)).toBe(true);
  });

  it("the enrollment takes only its own first code: a backup code, a passkey or a wrong code is refused and stores nothing", async () => {
    const { app, userId, factors } = await requiredApp(MemoryAdapter());
    const c = app.client();
    const { secret } = await startEnrollment(c);
    const backup = await secondFactor(c, { backupCode: "abcde-fghjk" }, json);
    expect(backup.status).toBe(400);
    const passkey = await secondFactor(c, { action: "authenticate", data: "{}" }, json);
    expect(passkey.status).toBe(400);
    const right = await codeFor(secret);
    const wrong = await secondFactor(c, { code: right === "000000" ? "111111" : "000000" }, json);
    expect(wrong.status).toBe(401);
    expect(await factors.list(userId)).toEqual([]);
    expect(await emailOf(c)).toBeNull();
    expect((await secondFactor(c, { code: right }, json)).status).toBe(200);
  });

  it("an enrollment cookie replayed after it completed is refused, and the factor stays the one enrolled", async () => {
    const { app, userId, factors } = await requiredApp(MemoryAdapter());
    const c = app.client();
    const { secret } = await startEnrollment(c);
    const copy = c.jar.get(pendingCookie)!;
    expect((await secondFactor(c, { code: await codeFor(secret) }, json)).status).toBe(200);
    const enrolled = await factors.get(userId, "totp", "totp");

    nextStep();
    const replay = app.client();
    replay.jar.set(pendingCookie, copy);
    const again = await secondFactor(replay, { code: await codeFor(secret) }, json);
    expect(again.status).toBe(400);
    expect(await emailOf(replay)).toBeNull();
    expect(await factors.get(userId, "totp", "totp")).toEqual({ ...enrolled, lastUsedAt: enrolled!.lastUsedAt });
  });

  it("an enrollment kept open while the user enrolled in another tab cannot replace that factor", async () => {
    const { app, userId, factors } = await requiredApp(MemoryAdapter());
    const stale = app.client();
    const { secret: staleSecret } = await startEnrollment(stale);
    const tab = app.client();
    const { secret } = await startEnrollment(tab);
    expect((await secondFactor(tab, { code: await codeFor(secret) }, json)).status).toBe(200);
    const enrolled = await factors.get(userId, "totp", "totp");

    const late = await secondFactor(stale, { code: await codeFor(staleSecret) }, json);
    expect(late.status).toBe(400);
    expect(await emailOf(stale)).toBeNull();
    expect((await factors.get(userId, "totp", "totp"))?.secret).toBe(enrolled!.secret);
  });

  it("a pending cookie of a user who has TOTP shows no key to enroll", async () => {
    const { app } = await requiredApp(MemoryAdapter());
    const c = app.client();
    const { secret } = await startEnrollment(c);
    await secondFactor(c, { code: await codeFor(secret) }, json);
    nextStep();
    const later = app.client();
    await later.signIn();
    const step = (await (await later.send("/two-factor", { headers: json })).json()) as Record<string, unknown>;
    expect(step).not.toHaveProperty("secret");
    expect(await (await later.send("/two-factor", { headers: html })).text()).not.toContain("otpauth://");
  });
});
