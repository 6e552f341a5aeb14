/**
 * `twoFactor.required` and a user who has a passkey: the passkey is the second factor they already have, so they are
 * not made to enroll an authenticator app. After a password, the second step asks for the passkey alone (no code
 * forms); a passkey sign-in with user verification is both factors; one without it (the passkey was the first factor)
 * still enrolls an app. A software authenticator, both strategies, on the memory adapter, SQLite and PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Adapter } from "../../../src/adapters/index.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { adapterUserFactors } from "../../../src/adapters/user-factors/factor-store.js";
import type { AuthConfig } from "../../../src/index.js";
import Passkey from "../../../src/providers/passkey.js";
import { messages } from "../../../pages/messages.js";
import { forEachEmptyStore } from "../../integration/database/stores.js";
import { callbackUrl, origin } from "../../integration/webauthn/fixtures.js";
import { alice } from "../../helpers/auth-client.js";
import { emailOfPasskeyClient, location, passkeyApp, passkeyWithAndWithoutVerification, secondFactor, sessionCookie } from "./fixtures.js";
import { twoFactor } from "../../../src/two-factor/index.js";

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: 1_800_000_000_000 }));
afterEach(() => vi.useRealTimers());

const json = { accept: "application/json" };
const html = { accept: "text/html" };
const emailOf = emailOfPasskeyClient;

/** An app that requires a second factor of everyone; alice signed up with a passkey (both factors), then signed out. */
async function requiredApp(adapter: Adapter, config: Partial<AuthConfig> = {}, passkey = Passkey()) {
  const { client, owner, authenticator } = await passkeyApp(adapter, { twoFactor: twoFactor({ required: true }), ...config }, passkey);
  expect(await emailOf(owner)).toBe(alice.email);
  await owner.signOut();
  const userId = (await adapter.getUserByEmail!(alice.email))!.id;
  return { client, authenticator, userId, factors: adapterUserFactors(adapter)! };
}

const suite = (makeAdapter: () => Adapter) =>
  describe.each(["jwt", "database"] as const)("with %s sessions", (strategy) => {
    it("after a password, the step asks for the passkey alone, which completes the sign-in; no app is enrolled", async () => {
      const { client, authenticator, userId, factors } = await requiredApp(makeAdapter(), { session: { strategy } });
      const c = client();
      const first = await c.signIn({ username: alice.email, password: alice.password, callbackUrl });
      expect(location(first)).toBe(`${origin}/auth/two-factor`);
      expect(c.jar.get(sessionCookie)).toBeUndefined();
      expect(await (await c.send("/two-factor", { headers: json })).json()).toEqual({ methods: ["passkey"] });
      const page = await (await c.send("/two-factor", { headers: html })).text();
      expect(page).toContain(messages.twoFactor.passkeyOnlyIntro.replaceAll("'", "&#39;"));
      expect(page).toContain(`data-webauthn-options="${origin}/auth/two-factor/passkey-options"`);
      expect(page).not.toContain('name="code"');
      expect(page).not.toContain('name="backupCode"');
      expect(page).not.toContain("otpauth://");

      // a made-up code is no way around the passkey
      expect((await secondFactor(c, { code: "123456" }, json)).status).toBe(401);
      const options = (await (await c.send("/two-factor/passkey-options", { headers: json })).json()) as { options: never };
      expect(location(await secondFactor(c, { action: "authenticate", data: JSON.stringify(authenticator.authenticate(options.options)) }))).toBe(
        callbackUrl,
      );
      expect(await emailOf(c)).toBe(alice.email);
      expect(await factors.list(userId, "totp")).toEqual([]);
    });

    it("a passkey sign-in with user verification is both factors; without it, the app is enrolled", async () => {
      const lenient = Passkey({ verifyAuthenticationOptions: { requireUserVerification: false } });
      const { client, authenticator } = await requiredApp(makeAdapter(), { session: { strategy } }, lenient);
      const unverified = await passkeyWithAndWithoutVerification(client, authenticator);
      const step = (await (await unverified.send("/two-factor", { headers: json })).json()) as { secret?: string; uri?: string };
      expect(step.secret).toMatch(/^[A-Z2-7]{32}$/);
    });
  });

describe("memory adapter", () => suite(() => MemoryAdapter()));
await forEachEmptyStore((store) => suite(() => store.adapter));
