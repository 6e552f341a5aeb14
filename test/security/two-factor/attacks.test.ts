/**
 * Attacks on the second factor: replaying the pending cookie after the sign-in completed, two tabs racing one code,
 * a stolen pending cookie with the thief's own code, replaying a TOTP code, guessing codes, forged and stale
 * changes to the factor; and an app without `twoFactor` sees no new route.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { adapterUserFactors } from "../../../src/adapters/user-factors/factor-store.js";
import { alice, makeAuth, overHttp, type Client, type Transport } from "../../helpers/auth-client.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";
import { codeFor, enroll, location, pendingCookie, secondFactor, serve, sessionCookie, type Served } from "./fixtures.js";

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

async function enrolledApp(config = {}) {
  const adapter = MemoryAdapter();
  await adapter.createUser!({ id: "", email: alice.email, name: alice.name, emailVerified: new Date() });
  const app: Served = serve(transport, (fetch) => (current = fetch), adapter, fake, config);
  const owner = app.client();
  await owner.signIn();
  const enrolled = await enroll(owner);
  nextStep();
  return { app, adapter, owner, ...enrolled };
}

it("a pending cookie replayed after its sign-in completed is refused", async () => {
  const { app, secret } = await enrolledApp();
  const c = app.client();
  await c.signIn();
  const stolen = c.jar.get(pendingCookie)!;
  expect(location(await secondFactor(c, { code: await codeFor(secret) }))).toBe(`${transport.origin}/`);

  // the same cookie, with a fresh code of the next step and a backup code: the pending sign-in is spent
  nextStep();
  const replay = app.client();
  replay.jar.set(pendingCookie, stolen);
  const again = await secondFactor(replay, { code: await codeFor(secret) }, json);
  expect(again.status).toBe(400);
  expect(replay.jar.get(sessionCookie)).toBeUndefined();
  expect(await emailOf(replay)).toBeNull();
});

it("two tabs racing one code: one sign-in completes, the other is refused", async () => {
  const { app, secret } = await enrolledApp();
  const c = app.client();
  await c.signIn();
  const token = await c.csrfToken();
  const code = await codeFor(secret);
  const [first, second] = await Promise.all(
    [0, 1].map(() => c.send("/two-factor", { form: { csrfToken: token, code }, headers: json })),
  );
  expect([first.status, second.status].sort()).toEqual([302, 401]);
});

it("two tabs racing a code and a backup code on one pending sign-in: only one session", async () => {
  const { app, secret, backupCodes } = await enrolledApp();
  const c = app.client();
  await c.signIn();
  const pending = c.jar.get(pendingCookie)!;
  const tabs = [app.client(), app.client()];
  for (const tab of tabs) tab.jar.set(pendingCookie, pending);
  const answers = await Promise.all([
    secondFactor(tabs[0], { code: await codeFor(secret) }, json),
    secondFactor(tabs[1], { backupCode: backupCodes[1] }, json),
  ]);
  const signedIn = (await Promise.all(tabs.map(emailOf))).filter(Boolean);
  expect(signedIn).toHaveLength(1);
  expect(answers.filter((answer) => answer.status === 200 || answer.status === 302)).toHaveLength(1);
});

it("a TOTP code is taken once: the code that signed in does not sign in again in its window", async () => {
  const { app, secret } = await enrolledApp();
  const code = await codeFor(secret);
  const first = app.client();
  await first.signIn();
  expect(location(await secondFactor(first, { code }))).toBe(`${transport.origin}/`);
  const second = app.client();
  await second.signIn();
  expect((await secondFactor(second, { code }, json)).status).toBe(401);
  // an older step's code, still in the window, is refused after a newer one was taken
  expect((await secondFactor(second, { code: await codeFor(secret, -1) }, json)).status).toBe(401);
  expect(await emailOf(second)).toBeNull();
});

it("a pending cookie of another user, with the thief's own factor's code, signs nobody in", async () => {
  const { app, adapter } = await enrolledApp();
  // mallory, signed in as herself, enrolls her own authenticator
  const mallory = await adapter.createUser!({ id: "", email: "mallory@example.com", name: "Mallory", emailVerified: new Date() });
  const store = adapterUserFactors(adapter)!;
  const alices = await store.list((await adapter.getUserByEmail!(alice.email))!.id, "totp");
  await store.put({ ...alices[0], userId: mallory.id });

  const victim = app.client();
  await victim.signIn();
  const thief = app.client();
  thief.jar.set(pendingCookie, victim.jar.get(pendingCookie)!);
  // the seed copied to mallory's row does not open for her (it is bound to alice's id), and her code is not alice's
  const tried = await secondFactor(thief, { code: "123456" }, json);
  expect(tried.status).toBe(401);
  expect(await emailOf(thief)).toBeNull();
});

it("a forged pending cookie, or none, is the expired-sign-in answer, never a session", async () => {
  const { app, secret } = await enrolledApp();
  const c = app.client();
  c.jar.set(pendingCookie, "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..forged.forged.forged");
  const forged = await secondFactor(c, { code: await codeFor(secret) }, json);
  expect(forged.status).toBe(400);
  expect(((await forged.json()) as { error: string }).error).toBe("InvalidCheck");
  const none = app.client();
  expect((await secondFactor(none, { code: await codeFor(secret) }, json)).status).toBe(400);
  expect((await none.send("/two-factor", { headers: { accept: "text/html" } })).status).toBe(400);
});

it("guessing codes: the user's tries are limited, and the right code is refused once over the limit", async () => {
  const { app, secret } = await enrolledApp();
  const right = await codeFor(secret);
  const wrong = right === "000000" ? "111111" : "000000";
  const c = app.client();
  await c.signIn();
  // the enrollment's code counted once already
  for (let i = 0; i < 9; i++) expect((await secondFactor(c, { code: wrong }, json)).status).toBe(401);
  // a fresh pending sign-in counts against the same user
  const other = app.client();
  await other.signIn();
  const limited = await secondFactor(other, { code: right }, json);
  expect(limited.status).toBe(429);
  expect(await emailOf(other)).toBeNull();
});

it("the CSRF token is required at the second step and for every change of the factor", async () => {
  const { app, secret, owner } = await enrolledApp();
  const c = app.client();
  await c.signIn();
  const noToken = await c.send("/two-factor", { form: { code: await codeFor(secret) } });
  expect(location(noToken)).toBe(`${transport.origin}/auth/signin?error=MissingCSRF`);
  expect(await emailOf(c)).toBeNull();
  for (const path of ["/account/totp", "/account/totp/confirm", "/account/totp/backup-codes", "/account/totp/disable"]) {
    const forged = await owner.send(path, { form: { code: "123456" }, headers: json });
    expect(forged.status, path).toBe(403);
    expect(await forged.json()).toMatchObject({ error: "MissingCSRF" });
  }
  expect(location(await secondFactor(c, { code: await codeFor(secret) }))).toBe(`${transport.origin}/`);
});

it("turning the factor off or renewing backup codes needs a recent sign-in, checked first", async () => {
  const { app, owner } = await enrolledApp();
  vi.setSystemTime(Date.now() + 11 * 60 * 1000);
  for (const path of ["/account/totp/disable", "/account/totp/backup-codes"]) {
    const stale = await owner.send(path, { form: { csrfToken: await owner.csrfToken() }, headers: json });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ error: "RecentSignInRequired" });
  }
  // still on: the next first factor is held
  const c = app.client();
  expect(location(await c.signIn())).toBe(`${transport.origin}/auth/two-factor`);
});

it("turned off with a recent sign-in, the factor no longer holds a sign-in, and its backup codes are gone", async () => {
  const { app, adapter, owner } = await enrolledApp();
  const off = await owner.send("/account/totp/disable", { form: { csrfToken: await owner.csrfToken() }, headers: json });
  expect(await off.json()).toEqual({ disabled: true });
  const userId = (await adapter.getUserByEmail!(alice.email))!.id;
  expect(await adapterUserFactors(adapter)!.list(userId)).toEqual([]);
  const c = app.client();
  expect(location(await c.signIn())).toBe(`${transport.origin}/`);
});

it("the seed is stored encrypted, and backup codes only as hashes", async () => {
  const { adapter, secret, backupCodes } = await enrolledApp();
  const userId = (await adapter.getUserByEmail!(alice.email))!.id;
  const stored = JSON.stringify(await adapterUserFactors(adapter)!.list(userId));
  expect(stored).not.toContain(secret);
  for (const code of backupCodes) {
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(code.replace("-", ""));
  }
});

it("an app without twoFactor has none of the routes, and its sign-in is unchanged", async () => {
  const auth = makeAuth();
  for (const [method, path] of [
    ["GET", "/two-factor"],
    ["POST", "/two-factor"],
    ["POST", "/account/totp"],
    ["POST", "/account/totp/confirm"],
  ]) {
    const answered = await auth.fetch(new Request(`http://localhost:3000/auth${path}`, { method, headers: json }));
    expect(answered.status, path).toBe(400);
    expect(await answered.json()).toMatchObject({ error: "UnknownAction" });
  }
});
