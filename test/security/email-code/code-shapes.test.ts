/**
 * The code comes from the request body, and a JSON body can make it anything. One that cannot be turned into
 * text (`{"toString": 1}`) threw a TypeError: an unexpected error in the error log, the Configuration page, and
 * the browser's code request gone. A code that is not text is a wrong code like any other.
 */
import { describe, expect, it } from "vitest";
import { codeApp, requestCode, sessionEmail, tryCode } from "./fixtures.js";

describe("a one-time code that is not text", () => {
  it.each<[object]>([[{ toString: 1 }], [{ toString: null, valueOf: null }]])("%j is a wrong try: no unexpected error, and the right code still works", async (code) => {
    const logged: unknown[] = [];
    const app = codeApp({ logger: { error: (error: unknown) => void logged.push(error), warn: () => {}, debug: () => {} } });
    const browser = app.client();
    const mailed = await requestCode(browser, app.mail, "ada@example.com");

    const response = await browser.send("/callback/email", { json: { email: "ada@example.com", code, csrfToken: await browser.csrfToken() } });

    expect(response.headers.get("location")).toMatch(/\/verify-request\?.*error=Verification/);
    expect(logged).toEqual([]);
    await tryCode(browser, "ada@example.com", mailed.code!);
    expect(await sessionEmail(browser)).toBe("ada@example.com");
  });
});
