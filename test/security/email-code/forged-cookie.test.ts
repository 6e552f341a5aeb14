/**
 * Finding 5: the code callback must hold to the server-side record. A code cookie resealed with another
 * address (here with the secret, as someone holding it or a flaw elsewhere could) signs no one in, and a
 * code whose sign-in link record is gone is refused.
 */
import { describe, expect, it } from "vitest";
import { decode, encode } from "../../../src/jwt.js";
import { codeApp, requestCode, secret, sessionEmail, tryCode } from "./fixtures.js";

const cookie = "sekisho.email-otp";

async function readCookie(value: string): Promise<Record<string, unknown>> {
  const payload = await decode({ token: value, secret, salt: cookie });
  return JSON.parse(String(payload?.value));
}

async function sealCookie(request: Record<string, unknown>): Promise<string> {
  return encode({ token: { value: JSON.stringify(request), provider: "email" }, secret, salt: cookie, maxAge: 600 });
}

describe("the code callback holds to the server-side record", () => {
  it("a code cookie resealed with the victim's address signs no one in", async () => {
    const app = codeApp();
    const attacker = app.client();
    const { code } = await requestCode(attacker, app.mail, "mallory@example.com");
    const request = await readCookie(attacker.jar.get(cookie)!);
    attacker.jar.set(cookie, await sealCookie({ ...request, email: "victim@example.com" }));

    const response = await tryCode(attacker, "victim@example.com", code!);

    expect(response.headers.get("location")).toMatch(/error=/);
    expect(await sessionEmail(attacker)).toBeUndefined();
  });

  it("a right code is refused when the request's sign-in link record is gone", async () => {
    const app = codeApp();
    const browser = app.client();
    const { code } = await requestCode(browser, app.mail, "ada@example.com");
    const { linkHash } = await readCookie(browser.jar.get(cookie)!);
    expect(await app.adapter.useVerificationToken({ identifier: "ada@example.com", token: String(linkHash) })).not.toBeNull();

    const response = await tryCode(browser, "ada@example.com", code!);

    expect(response.headers.get("location")).toMatch(/error=Verification/);
    expect(await sessionEmail(browser)).toBeUndefined();
  });

  it("the right code, with the record in place, still signs in (control)", async () => {
    const app = codeApp();
    const browser = app.client();
    const { code } = await requestCode(browser, app.mail, "ada@example.com");
    await tryCode(browser, "ada@example.com", code!);
    expect(await sessionEmail(browser)).toBe("ada@example.com");
  });
});
