/** The second factor applies after a password sign-in as after any other first factor. */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { codeFor, enroll, pendingCookie, secondFactor, sessionCookie } from "../two-factor/fixtures.js";
import { passwordApp, passwordSignIn, provenUser } from "../../helpers/password-app.js";
import { twoFactor } from "../../../src/two-factor/index.js";

const email = "two@example.com";
const password = "a long enough passphrase for two";

describe("a password sign-in of a user with TOTP", () => {
  for (const strategy of ["jwt", "database"] as const) {
    it(`is held for the code, then completes (${strategy} sessions)`, async () => {
      const app = passwordApp(MemoryAdapter(), {}, { twoFactor: twoFactor(), session: { strategy } });
      await provenUser(app, email, password);
      const first = app.client();
      await passwordSignIn(first, email, password);
      const { secret: totp } = await enroll(first);

      const browser = app.client();
      const held = await passwordSignIn(browser, email, password);
      expect(held.headers.get("location")).toContain("/auth/two-factor");
      expect(browser.jar.get(sessionCookie)).toBeUndefined();
      expect(browser.jar.get(pendingCookie)).toBeDefined();
      expect(await browser.session()).toBeNull();

      const done = await secondFactor(browser, { code: await codeFor(totp, 1) });
      expect(done.headers.get("location")).toBe("http://localhost:3000/");
      expect(await browser.session()).toMatchObject({ user: { email } });
    });
  }

  it("lets a user with TOTP choose the shorter minimum (8) on change", async () => {
    const app = passwordApp(MemoryAdapter(), {}, { twoFactor: twoFactor() });
    await provenUser(app, email, password);
    const client = app.client();
    await passwordSignIn(client, email, password);
    await enroll(client);
    const changed = await client.send("/password/change", {
      form: { current: password, password: "9 chars!x", csrfToken: await client.csrfToken() },
      headers: { accept: "application/json" },
    });
    expect(await changed.json()).toMatchObject({ changed: true });
  });
});
