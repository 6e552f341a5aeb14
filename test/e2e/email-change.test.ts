/**
 * Chromium: a signed-in user asks for a new address with a plain form, types the emailed code on the built-in page,
 * then moves again by opening the emailed link in another browser and pressing its button; no page breaks its policy.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { launchChromium } from "../helpers/browser.js";
import { changeLinkIn, emailChangeSuite, password } from "../helpers/email-change-app.js";
import { codeIn } from "../integration/email/email-flow.js";

const suite = emailChangeSuite("chromium");
let launched: Promise<Browser> | undefined;
afterAll(async () => {
  await launched?.then((b) => b.close(), () => undefined);
});

/** What the app's account page would do: a form posting `email` with the CSRF token, submitted by the browser. */
async function askForAddress(page: Page, email: string): Promise<void> {
  await page.evaluate(async (email) => {
    const { csrfToken } = await (await fetch("/auth/csrf")).json();
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/auth/account/email";
    for (const [name, value] of Object.entries({ email, csrfToken })) {
      const input = document.createElement("input");
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  }, email);
}

it("changes the address with the emailed code, then with the emailed link in another browser", async () => {
  const { users, adapter, domain, client } = await suite.app(MemoryAdapter(), { emailOptions: { otp: true } });
  const origin = client().origin;
  const browser = await (launched ??= launchChromium());
  const context = await browser.newContext();
  const phone = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  const violations: string[] = [];
  page.on("console", (message) => message.text().includes("Content Security Policy") && violations.push(message.text()));
  try {
    await page.goto(`${origin}/auth/signin?callbackUrl=${encodeURIComponent("/auth/session")}`);
    await page.getByLabel("Username").fill("alice");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${origin}/auth/session`);

    await askForAddress(page, `typed@${domain}`);
    await page.getByRole("heading", { name: "Check your new inbox" }).waitFor();
    const code = codeIn((await suite.mail(`typed@${domain}`)).text);
    await page.getByLabel("Code", { exact: true }).fill(code);
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("heading", { name: "Email address changed" }).waitFor();
    expect((await adapter.getUser!(users.alice.id))?.email).toBe(`typed@${domain}`);
    await page.goto(`${origin}/auth/session`);
    expect(JSON.parse((await page.locator("body").textContent()) ?? "null").user.email).toBe(`typed@${domain}`);

    await askForAddress(page, `linked@${domain}`);
    await page.getByRole("heading", { name: "Check your new inbox" }).waitFor();
    const link = changeLinkIn((await suite.mail(`linked@${domain}`)).text);
    const other = await phone.newPage();
    other.on("console", (message) => message.text().includes("Content Security Policy") && violations.push(message.text()));
    await other.goto(link);
    await other.getByRole("button", { name: "Change email address" }).click();
    await other.getByRole("heading", { name: "Email address changed" }).waitFor();
    expect((await adapter.getUser!(users.alice.id))?.email).toBe(`linked@${domain}`);
    await other.goto(link);
    await other.getByRole("button", { name: "Change email address" }).click();
    await other.getByRole("heading", { name: "This link no longer works" }).waitFor();
    await other.getByRole("link", { name: "Go to your account" }).waitFor();
    expect(violations).toEqual([]);
  } finally {
    await context.close();
    await phone.close();
  }
});
