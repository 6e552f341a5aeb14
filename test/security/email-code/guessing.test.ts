/**
 * Finding 4: one-time codes cannot be guessed without limit. A new code ends the earlier ones for the
 * address; wrong guesses are bounded per address across every request in a window; so are code requests.
 * These bounds hold in development and with `rateLimit: false` too: without them a six-digit code is not safe.
 */
import { describe, expect, it } from "vitest";
import { codeApp, requestCode, sessionEmail, tryCode, wrongCode } from "./fixtures.js";

describe("a new code ends the earlier ones", () => {
  it("the first browser's code no longer works once someone asked for a new one for the same address", async () => {
    const app = codeApp();
    const owner = app.client();
    const first = await requestCode(owner, app.mail, "ada@example.com");
    const other = app.client();
    const second = await requestCode(other, app.mail, "ada@example.com");
    expect(second.code).toBeDefined();

    const response = await tryCode(owner, "ada@example.com", first.code!);

    expect(response.headers.get("location")).toMatch(/error=Verification/);
    expect(await sessionEmail(owner)).toBeUndefined();
    await tryCode(other, "ada@example.com", second.code!);
    expect(await sessionEmail(other)).toBe("ada@example.com");
  });

  it("a code for another address is not ended", async () => {
    const app = codeApp();
    const ada = app.client();
    const { code } = await requestCode(ada, app.mail, "ada@example.com");
    await requestCode(app.client(), app.mail, "grace@example.com");
    await tryCode(ada, "ada@example.com", code!);
    expect(await sessionEmail(ada)).toBe("ada@example.com");
  });
});

for (const rateLimit of [undefined, false] as const) {
  describe(`wrong guesses are bounded per address across requests (rateLimit: ${String(rateLimit)})`, () => {
    it("after ten wrong guesses spread over fresh codes, even the right code of a new request is refused", async () => {
      const app = codeApp({ rateLimit });
      const attacker = app.client();
      for (let request = 0; request < 2; request++) {
        const { code } = await requestCode(attacker, app.mail, "victim@example.com");
        for (let guess = 0; guess < 5; guess++) await tryCode(attacker, "victim@example.com", wrongCode(code!));
      }
      const { code } = await requestCode(attacker, app.mail, "victim@example.com");

      const response = await tryCode(attacker, "victim@example.com", code!);

      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/\/signin\?error=RateLimited$/);
      expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await sessionEmail(attacker)).toBeUndefined();
    });

    it("the bound is per address: another address's code still works", async () => {
      const app = codeApp({ rateLimit });
      const attacker = app.client();
      const { code } = await requestCode(attacker, app.mail, "victim@example.com");
      for (let guess = 0; guess < 10; guess++) await tryCode(attacker, "victim@example.com", wrongCode(code!));
      const grace = app.client();
      const own = await requestCode(grace, app.mail, "grace@example.com");
      await tryCode(grace, "grace@example.com", own.code!);
      expect(await sessionEmail(grace)).toBe("grace@example.com");
    });
  });

  describe(`code requests are bounded per address (rateLimit: ${String(rateLimit)})`, () => {
    it("the sixth request in the hour sends no mail and writes no token, and says why", async () => {
      const app = codeApp({ rateLimit });
      for (let request = 0; request < 5; request++) {
        expect((await requestCode(app.client(), app.mail, "victim@example.com")).code).toBeDefined();
      }
      const tokensBefore = app.writes.verificationTokens;
      const browser = app.client();
      const csrfToken = await browser.csrfToken();

      const response = await browser.send("/signin/email", { form: { email: "Victim@Example.com", csrfToken } });

      expect(app.mail).toHaveLength(5);
      expect(app.writes.verificationTokens).toBe(tokensBefore);
      expect(response.headers.get("location")).toMatch(/\/signin\?error=RateLimited$/);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect((await requestCode(app.client(), app.mail, "grace@example.com")).code).toBeDefined();
    });
  });
}

describe("JSON callers", () => {
  it("get 429 with Retry-After and the sign-in URL carrying the reason", async () => {
    const app = codeApp();
    for (let request = 0; request < 5; request++) await requestCode(app.client(), app.mail, "victim@example.com");
    const browser = app.client();
    const csrfToken = await browser.csrfToken();
    const response = await browser.send("/signin/email", { form: { email: "victim@example.com", csrfToken }, headers: { "X-Auth-Return-Redirect": "1" } });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ error: "RateLimited", url: "http://localhost:3000/auth/signin?error=RateLimited" });
  });
});

describe("with an adapter written for the reference and no shared store", () => {
  it("a code issued by another instance still works: with nothing shared to compare, only this process's bounds apply", async () => {
    const { rateLimits: _, ...reference } = codeApp().adapter;
    const first = codeApp({ adapter: reference });
    const second = codeApp({ adapter: reference });
    const browser = first.client();
    await requestCode(browser, first.mail, "ada@example.com");
    await requestCode(second.client(), second.mail, "grace@example.com");
    const { code } = await requestCode(browser, first.mail, "ada@example.com");
    const onSecond = second.client();
    onSecond.jar.set("sekisho.email-otp", browser.jar.get("sekisho.email-otp")!);
    await tryCode(onSecond, "ada@example.com", code!);
    expect(await sessionEmail(onSecond)).toBe("ada@example.com");
  });
});
