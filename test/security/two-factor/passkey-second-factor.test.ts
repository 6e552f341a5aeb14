/**
 * A passkey as the second factor: after a password, a user with a passkey (and TOTP) is offered it at the second
 * step, with options limited to their own credentials; the assertion completes the held sign-in. A passkey sign-in
 * whose authenticator verified the user is both factors; one without user verification goes to the second step,
 * where the passkey is not offered again. Attacks: another user's valid assertion, a replayed assertion, options
 * for a user without a passkey. A software authenticator (test/integration/webauthn), both strategies, on the
 * memory adapter, SQLite and PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { Adapter } from "../../../src/adapters/index.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { AuthConfig } from "../../../src/index.js";
import Passkey from "../../../src/providers/passkey.js";
import { forEachEmptyStore } from "../../integration/database/stores.js";
import { authenticationOptions, callbackUrl, origin, registerNewUser, type PasskeyClient } from "../../integration/webauthn/fixtures.js";
import { alice } from "../../helpers/auth-client.js";
import {
  codeFor,
  emailOfPasskeyClient,
  enroll,
  location,
  passkeyApp,
  passkeyWithAndWithoutVerification,
  pendingCookie,
  secondFactor,
} from "./fixtures.js";
import { twoFactor } from "../../../src/two-factor/index.js";

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: 1_800_000_000_000 }));
afterEach(() => vi.useRealTimers());

const json = { accept: "application/json" };
const nextStep = () => vi.setSystemTime(Date.now() + 30_000);
const emailOf = emailOfPasskeyClient;

/** An app with a password and a passkey provider; alice registered her passkey, then turned TOTP on, and signed out. */
async function app(adapter: Adapter, config: Partial<AuthConfig> = {}, passkey = Passkey()) {
  const used: { method: string; firstFactor: string }[] = [];
  const events = { twoFactorUsed: ({ method, firstFactor }: { method: string; firstFactor: string }) => void used.push({ method, firstFactor }) };
  const { auth, client, owner, authenticator, credential } = await passkeyApp(adapter, { twoFactor: twoFactor(), events, ...config }, passkey);
  const { secret: totpSecret } = await enroll(owner);
  nextStep();
  await owner.signOut();
  return { auth, client, authenticator, credential, totpSecret, used };
}

async function passwordFirst(c: PasskeyClient, username = alice.email): Promise<void> {
  const first = await c.signIn({ username, password: alice.password, callbackUrl });
  expect(location(first)).toBe(`${origin}/auth/two-factor`);
}

async function secondStepOptions(c: PasskeyClient): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const answered = await c.send("/two-factor/passkey-options", { headers: json });
  expect(answered.status).toBe(200);
  const body = (await answered.json()) as { action: string; options: PublicKeyCredentialRequestOptionsJSON };
  expect(body.action).toBe("authenticate");
  return body.options;
}

const givePasskey = async (c: PasskeyClient, data: unknown, headers: HeadersInit = {}) =>
  secondFactor(c, { action: "authenticate", data: JSON.stringify(data) }, headers);

const suite = (makeAdapter: () => Adapter) =>
  describe.each(["jwt", "database"] as const)("with %s sessions", (strategy) => {
    it("after a password, the user's passkey completes the sign-in; the options list only their credentials", async () => {
      const { client, authenticator, credential, used } = await app(makeAdapter(), { session: { strategy } });
      const c = client();
      await passwordFirst(c);
      expect(await (await c.send("/two-factor", { headers: json })).json()).toEqual({ methods: ["totp", "backup-code", "passkey"] });
      const page = await (await c.send("/two-factor", { headers: { accept: "text/html" } })).text();
      expect(page).toContain(`data-webauthn-options="${origin}/auth/two-factor/passkey-options"`);
      expect(page).toContain(`src="${origin}/auth/webauthn-script"`);

      const options = await secondStepOptions(c);
      expect(options.allowCredentials?.map((allowed) => allowed.id)).toEqual([credential.id]);
      const done = await givePasskey(c, authenticator.authenticate(options));
      expect(location(done)).toBe(callbackUrl);
      expect(await emailOf(c)).toBe(alice.email);
      expect(c.jar.get(pendingCookie)).toBeUndefined();
      expect(used).toEqual([{ method: "passkey", firstFactor: "credentials" }]);
    });

    it("a passkey sign-in with user verification is both factors; without it, the second step asks for a code", async () => {
      // an app that lets authenticators without user verification sign in
      const lenient = Passkey({ verifyAuthenticationOptions: { requireUserVerification: false } });
      const { client, authenticator, totpSecret } = await app(makeAdapter(), { session: { strategy } }, lenient);
      const unverified = await passkeyWithAndWithoutVerification(client, authenticator);
      // the passkey was the first factor: it is not offered again
      expect(await (await unverified.send("/two-factor", { headers: json })).json()).toEqual({ methods: ["totp", "backup-code"] });
      expect((await unverified.send("/two-factor/passkey-options", { headers: json })).status).toBe(404);
      expect(location(await secondFactor(unverified, { code: await codeFor(totpSecret) }))).toBe(callbackUrl);
      expect(await emailOf(unverified)).toBe(alice.email);
    });
  });

describe("memory adapter", () => suite(() => MemoryAdapter()));
await forEachEmptyStore((store) => suite(() => store.adapter));

describe("attacks on the passkey step", () => {
  it("another user's valid assertion, signed over alice's options, signs nobody in", async () => {
    const { client } = await app(MemoryAdapter());
    const mallory = client();
    const { authenticator: hers, credential } = await registerNewUser(mallory, "mallory@example.com");
    await mallory.signOut();

    await passwordFirst(mallory);
    const options = await secondStepOptions(mallory);
    const refused = await givePasskey(mallory, hers.authenticate(options, credential), json);
    expect(refused.status).toBe(401);
    expect(await emailOf(mallory)).toBeNull();
    expect(mallory.jar.get(pendingCookie)).toBeTruthy();
  });

  it("an assertion is taken once: posted again, even with the pending cookie copied, it is refused", async () => {
    const { client, authenticator } = await app(MemoryAdapter());
    const c = client();
    await passwordFirst(c);
    const data = authenticator.authenticate(await secondStepOptions(c));
    const copy = client();
    copy.jar.set(pendingCookie, c.jar.get(pendingCookie)!);
    expect(location(await givePasskey(c, data))).toBe(callbackUrl);

    await passwordFirst(copy);
    expect((await givePasskey(copy, data, json)).status).toBe(401);
    expect(await emailOf(copy)).toBeNull();
  });

  it("an assertion over a challenge this browser was not given, or with none asked for, is refused", async () => {
    const { client, authenticator } = await app(MemoryAdapter());
    const c = client();
    await passwordFirst(c);
    const options = await secondStepOptions(c);
    const forged = authenticator.authenticate(options, undefined, { challenge: "bm90LXRoZS1jaGFsbGVuZ2U" });
    expect((await givePasskey(c, forged, json)).status).toBe(401);
    // the challenge was spent by that try: a right answer to it is refused too
    expect((await givePasskey(c, authenticator.authenticate(options), json)).status).toBe(401);
    expect(await emailOf(c)).toBeNull();
  });

  it("asking for second-step options again and again is limited per user (the webauthnOptions rule)", async () => {
    const { client } = await app(MemoryAdapter());
    const c = client();
    await passwordFirst(c);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await c.send("/two-factor/passkey-options", { headers: json })).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("malformed passkey data is a 400, for a script and for a browser, and the sign-in stays pending", async () => {
    const { client, authenticator } = await app(MemoryAdapter());
    const c = client();
    await passwordFirst(c);
    const options = await secondStepOptions(c);
    for (const data of ["not json", "[]", JSON.stringify({ id: "not base64url!", response: {} })]) {
      const script = await secondFactor(c, { action: "authenticate", data }, json);
      expect(script.status).toBe(400);
      expect(await script.json()).toMatchObject({ error: "InvalidRequest" });
      const browser = await secondFactor(c, { action: "authenticate", data }, { accept: "text/html" });
      expect(browser.status).toBeGreaterThanOrEqual(400);
      expect(browser.status).toBeLessThan(500);
    }
    expect(location(await givePasskey(c, authenticator.authenticate(options)))).toBe(callbackUrl);
  });

  it("a user with TOTP and no passkey is offered none, and alice's assertion does not complete his sign-in", async () => {
    const adapter = MemoryAdapter();
    const { client, authenticator } = await app(adapter);
    await adapter.createUser!({ id: "", email: "bob@example.com", name: "Bob", emailVerified: new Date() });
    const bob = client();
    expect(location(await bob.signIn({ username: "bob@example.com", password: alice.password, callbackUrl }))).toBe(callbackUrl);
    await enroll(bob);
    nextStep();
    await bob.signOut();

    await passwordFirst(bob, "bob@example.com");
    expect(await (await bob.send("/two-factor", { headers: json })).json()).toEqual({ methods: ["totp", "backup-code"] });
    expect((await bob.send("/two-factor/passkey-options", { headers: json })).status).toBe(404);
    // a challenge from the sign-in page's options, answered by alice's passkey
    const data = authenticator.authenticate(await authenticationOptions(bob));
    expect((await givePasskey(bob, data, json)).status).toBe(401);
    expect(await emailOf(bob)).toBeNull();
  });
});
