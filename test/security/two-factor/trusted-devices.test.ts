/**
 * `twoFactor.trustedDevices`: "Don't ask again on this device" stores a trusted-device factor (a hash of a random
 * token, the browser's description, an expiry) and sets the `sekisho.trusted-device` cookie; that browser's next
 * first factor of the same user skips the second step. Both strategies on the memory adapter, SQLite and
 * PostgreSQL; then the attacks: the cookie of another user, after the factor was turned off, expired, forged.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Adapter } from "../../../src/adapters/index.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { adapterUserFactors } from "../../../src/adapters/user-factors/factor-store.js";
import type { AuthConfig } from "../../../src/index.js";
import { forEachEmptyStore } from "../../integration/database/stores.js";
import { alice, overHttp, type Client, type Transport } from "../../helpers/auth-client.js";
import { setCookiesOf } from "../../helpers/cookie-jar.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";
import { followLink } from "../../helpers/link-mailbox.js";
import {
  secret as appSecret,
  codeFor,
  enroll,
  location,
  pendingCookie,
  secondFactor,
  serve,
  sessionCookie,
  type Served,
} from "./fixtures.js";
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

const day = 24 * 60 * 60;
const trustCookie = "sekisho.trusted-device";
const firefox = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" };
const json = { accept: "application/json" };
const nextStep = () => vi.setSystemTime(Date.now() + 30_000);
const emailOf = async (c: Client) => ((await c.session()) as { user?: { email?: string } } | null)?.user?.email ?? null;

async function enrolledApp(adapter: Adapter, config: Partial<AuthConfig> = {}) {
  await adapter.createUser!({ id: "", email: alice.email, name: alice.name, emailVerified: new Date() });
  const app: Served = serve(transport, (fetch) => (current = fetch), adapter, fake, {
    twoFactor: twoFactor({ trustedDevices: { maxAge: 30 * day } }),
    ...config,
  });
  const owner = app.client();
  await owner.signIn();
  const enrolled = await enroll(owner);
  nextStep();
  const userId = (await adapter.getUserByEmail!(alice.email))!.id;
  return { app, owner, userId, factors: adapterUserFactors(adapter)!, ...enrolled };
}

/** Signs in as alice with the password and a code, ticking "Don't ask again" when `trust`. */
async function signInTrusting(app: Served, secret: string, c = app.client(), trust = true): Promise<Client> {
  expect(location(await c.signIn(undefined, firefox))).toBe(`${transport.origin}/auth/two-factor`);
  const done = await secondFactor(c, { code: await codeFor(secret), ...(trust ? { trustDevice: "1" } : {}) }, firefox);
  expect(location(done)).toBe(`${transport.origin}/`);
  nextStep();
  return c;
}

/** The first factor again in the same browser, signed out: the session it answers, or the step. */
async function again(c: Client): Promise<string | null> {
  await c.signOut();
  return location(await c.signIn());
}

const suite = (makeAdapter: () => Adapter) =>
  describe.each(["jwt", "database"] as const)("with %s sessions", (strategy) => {
    it("a trusted browser skips the second step; its device is stored hashed, described and touched", async () => {
      const trusted: unknown[] = [];
      const { app, userId, factors, secret } = await enrolledApp(makeAdapter(), {
        session: { strategy },
        events: { twoFactorDeviceTrusted: (message) => void trusted.push(message) },
      });
      const c = app.client();
      expect(location(await c.signIn(undefined, firefox))).toBe(`${transport.origin}/auth/two-factor`);
      const done = await secondFactor(c, { code: await codeFor(secret), trustDevice: "1" }, firefox);
      expect(done.status).toBe(302);
      const set = setCookiesOf(done).find((cookie) => cookie.name === trustCookie);
      expect(set?.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/", "max-age": String(30 * day) });
      const token = c.jar.get(trustCookie)!;
      const [device] = await factors.list(userId, "trusted-device");
      expect(device).toMatchObject({ label: "Firefox on Linux", expires: Date.now() + 30 * day * 1000 });
      expect(device.secret).not.toContain(token);
      expect(trusted).toEqual([{ userId, label: "Firefox on Linux" }]);

      vi.setSystemTime(Date.now() + 3 * day * 1000);
      expect(await again(c)).toBe(`${transport.origin}/`);
      expect(await emailOf(c)).toBe(alice.email);
      expect((await factors.get(userId, "trusted-device", device.id))?.lastUsedAt).toBe(Date.now());
    });

    it("the in-process signIn of the shims honours the browser's trust: its cookie skips the step, no cookie is held", async () => {
      const { app, secret } = await enrolledApp(makeAdapter(), { session: { strategy } });
      const c = await signInTrusting(app, secret);
      const fields = { username: "alice", password: alice.password, redirect: false };
      const trusted = await app.auth.signIn("credentials", fields, undefined, { headers: { cookie: c.jar.header() } });
      expect(trusted.url).toBe("http://localhost/");
      expect(trusted.cookies.some((cookie) => cookie.name === sessionCookie && cookie.value)).toBe(true);
      expect(trusted.cookies.some((cookie) => cookie.name === pendingCookie && cookie.value)).toBe(false);

      const untrusted = await app.auth.signIn("credentials", fields, undefined, { headers: {} });
      expect(untrusted.url).toMatch(/\/auth\/two-factor$/);
      expect(untrusted.cookies.some((cookie) => cookie.name === sessionCookie && cookie.value)).toBe(false);
      expect(untrusted.cookies.some((cookie) => cookie.name === pendingCookie && cookie.value)).toBe(true);
    });

    it("without the box ticked, nothing is trusted and the next sign-in asks again", async () => {
      const { app, userId, factors, secret } = await enrolledApp(makeAdapter(), { session: { strategy } });
      const c = await signInTrusting(app, secret, app.client(), false);
      expect(c.jar.get(trustCookie)).toBeUndefined();
      expect(await factors.list(userId, "trusted-device")).toEqual([]);
      expect(await again(c)).toBe(`${transport.origin}/auth/two-factor`);
    });
  });

describe("memory adapter", () => suite(() => MemoryAdapter()));
await forEachEmptyStore((store) => suite(() => store.adapter));

describe("attacks on a trusted device", () => {
  it("the trusted cookie of another user does nothing for alice: the attacker's own browser is asked for alice's code", async () => {
    const { app, secret } = await enrolledApp(MemoryAdapter());
    // mallory, signed in with an email link, turns on her own factor and trusts her browser
    const mallory = app.client();
    await mallory.send("/signin/email", { form: { email: "mallory@example.com", csrfToken: await mallory.csrfToken() } });
    await followLink(mallory, app.links.at(-1)!);
    const own = await enroll(mallory);
    nextStep();
    await mallory.signOut();
    await mallory.send("/signin/email", { form: { email: "mallory@example.com", csrfToken: await mallory.csrfToken() } });
    await followLink(mallory, app.links.at(-1)!);
    expect(location(await secondFactor(mallory, { code: await codeFor(own.secret), trustDevice: "1" }))).toBe(`${transport.origin}/`);
    expect(mallory.jar.get(trustCookie)).toBeTruthy();

    // with alice's password, in mallory's trusted browser
    expect(await again(mallory)).toBe(`${transport.origin}/auth/two-factor`);
    expect(await emailOf(mallory)).toBeNull();
    expect(secret).toBeTruthy();
  });

  it("turning the second factor off forgets every trusted device: the old cookie is worthless after enrolling again", async () => {
    const { app, owner, userId, factors, secret } = await enrolledApp(MemoryAdapter());
    const c = await signInTrusting(app, secret);
    const off = await owner.send("/account/totp/disable", { form: { csrfToken: await owner.csrfToken() }, headers: json });
    expect(await off.json()).toEqual({ disabled: true });
    expect(await factors.list(userId, "trusted-device")).toEqual([]);
    await owner.signOut();
    await owner.signIn();
    await enroll(owner);
    nextStep();
    expect(c.jar.get(trustCookie)).toBeTruthy();
    expect(await again(c)).toBe(`${transport.origin}/auth/two-factor`);
  });

  it("signing the user out everywhere forgets every trusted device as well", async () => {
    const { app, userId, factors, secret } = await enrolledApp(MemoryAdapter());
    const c = await signInTrusting(app, secret);
    await app.auth.revokeSessions({ userId });
    expect(await factors.list(userId, "trusted-device")).toEqual([]);
    expect(await again(c)).toBe(`${transport.origin}/auth/two-factor`);
  });

  it("an expired trust asks again: past maxAge, and a stored device past its expiry with a cookie still alive", async () => {
    const { app, userId, factors, secret } = await enrolledApp(MemoryAdapter());
    const c = await signInTrusting(app, secret);
    const [device] = await factors.list(userId, "trusted-device");
    await factors.put({ ...device, expires: Date.now() - 1 });
    expect(await again(c)).toBe(`${transport.origin}/auth/two-factor`);

    const d = await signInTrusting(app, secret);
    vi.setSystemTime(Date.now() + 30 * day * 1000 + 1000);
    expect(await again(d)).toBe(`${transport.origin}/auth/two-factor`);
  });

  it("a forged cookie, or one sealed by an instance with another secret, is ignored", async () => {
    const adapter = MemoryAdapter();
    const { app, secret, userId, factors } = await enrolledApp(adapter);
    const c = app.client();
    c.jar.set(trustCookie, "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..forged.forged.forged");
    expect(location(await c.signIn())).toBe(`${transport.origin}/auth/two-factor`);

    // the same user and store, a newer app secret first (the old one still opens the seed): its cookie names a
    // stored device, but does not open where that secret is unknown
    const other = serve(transport, (fetch) => (current = fetch), adapter, fake, {
      secret: ["another-secret-0123456789abcdefghijklmnopq", appSecret],
      twoFactor: twoFactor({ trustedDevices: { maxAge: 30 * day } }),
    });
    const elsewhere = await signInTrusting(other, secret);
    expect(await factors.list(userId, "trusted-device")).toHaveLength(1);
    current = app.auth.fetch;
    const d = app.client();
    d.jar.set(trustCookie, elsewhere.jar.get(trustCookie)!);
    expect(location(await d.signIn())).toBe(`${transport.origin}/auth/two-factor`);
  });

  it("a cookie whose stored device was replaced by another token's is ignored (the token's hash is compared)", async () => {
    const { app, userId, factors, secret } = await enrolledApp(MemoryAdapter());
    const c = await signInTrusting(app, secret);
    const [device] = await factors.list(userId, "trusted-device");
    await factors.put({ ...device, secret: "0".repeat(64) });
    expect(await again(c)).toBe(`${transport.origin}/auth/two-factor`);
  });

  it("with the option off, the page offers no box and trustDevice=1 trusts nothing", async () => {
    const { app, userId, factors, secret } = await enrolledApp(MemoryAdapter(), { twoFactor: twoFactor() });
    const c = app.client();
    await c.signIn();
    expect(await (await c.send("/two-factor", { headers: { accept: "text/html" } })).text()).not.toContain('name="trustDevice"');
    await secondFactor(c, { code: await codeFor(secret), trustDevice: "1" });
    expect(await emailOf(c)).toBe(alice.email);
    expect(c.jar.get(trustCookie)).toBeUndefined();
    expect(await factors.list(userId, "trusted-device")).toEqual([]);
  });

  it("with the option on, the page offers the box", async () => {
    const { app } = await enrolledApp(MemoryAdapter());
    const c = app.client();
    await c.signIn();
    expect(await (await c.send("/two-factor", { headers: { accept: "text/html" } })).text()).toContain('name="trustDevice"');
    expect(c.jar.get(sessionCookie)).toBeUndefined();
  });
});
