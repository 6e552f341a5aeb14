/**
 * Chromium on the account page: sign in, open /account, rename a passkey and unlink a provider with the plain forms
 * (JavaScript off), meet the last-way-in refusal, and see the sessions list, its times in the viewer's time zone
 * once the page's nonce'd script runs, and its button that signs out the other browser.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { alice, overHttp, type Transport } from "../helpers/auth-client.js";
import { launchChromium } from "../helpers/browser.js";
import { accountApp, addPasskey, linkAccount } from "../integration/account/fixtures.js";

let transport: Transport;
let current: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
let launched: Promise<Browser> | undefined;

beforeAll(async () => {
  transport = await overHttp((request) => current(request));
});
afterAll(async () => {
  await launched?.then((b) => b.close(), () => undefined);
  await transport?.close();
});

it("renames a passkey and unlinks a provider with the no-JavaScript forms, and lists the sessions", async () => {
  const adapter = MemoryAdapter();
  const app = await accountApp(adapter, "database");
  current = app.auth.fetch;
  await linkAccount(adapter, app.user.id, "github");
  await addPasskey(adapter, app.user.id, "cred-1");
  const browser = await (launched ??= launchChromium());
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  const account = `${transport.origin}/auth/account`;
  try {
    await page.goto(account);
    await page.waitForURL(/\/auth\/signin\?callbackUrl=/);
    await page.getByLabel("Username").fill("alice");
    await page.getByLabel("Password").fill(alice.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(account);
    await expect.poll(() => page.getByRole("heading", { name: "Your account" }).count()).toBe(1);

    await page.getByLabel("Name").fill("  Work laptop  ");
    await page.getByRole("button", { name: "Rename" }).click();
    await page.waitForURL(account);
    expect(await page.locator("strong#passkey-0").textContent()).toBe("Work laptop");

    await page.getByRole("button", { name: "Unlink GitHub" }).click();
    await page.waitForURL(account);
    expect(await page.getByRole("button", { name: /^Unlink/ }).count()).toBe(0);
    expect(await adapter.getUserByAccount({ provider: "github", providerAccountId: `github-${app.user.id}` })).toBeNull();

    // the passkey is now the only way in
    await page.getByRole("button", { name: "Remove Work laptop" }).click();
    await page.waitForURL(`${account}?error=LastWayIn`);
    expect(await page.getByRole("alert").textContent()).toContain("last way into your account");
    expect(await adapter.getAuthenticator("cred-1")).not.toBeNull();

    const sessions = page.locator("ul.sessions li.session", { hasText: "This device" });
    expect(await sessions.count()).toBe(1);
    expect(await sessions.textContent()).toContain("Signed in with credentials");
    expect(await sessions.locator("time").first().textContent()).toMatch(/UTC/);
  } finally {
    await context.close();
  }

  const withScript = await browser.newContext({ timezoneId: "Asia/Tokyo" });
  const refused: string[] = [];
  try {
    const tab = await withScript.newPage();
    tab.on("console", (message) => message.type() === "error" && refused.push(message.text()));
    await tab.goto(`${transport.origin}/auth/signin?callbackUrl=${encodeURIComponent(account)}`);
    await tab.getByLabel("Username").fill("alice");
    await tab.getByLabel("Password").fill(alice.password);
    await tab.getByRole("button", { name: "Sign in", exact: true }).click();
    await tab.waitForURL(account);
    await expect.poll(() => tab.locator("time").first().textContent()).toMatch(/GMT\+9/);
    // the earlier browser's sessions are still signed in: one button signs them out and keeps this one
    const signOuts = tab.getByRole("button", { name: /^Sign out/ });
    expect(await signOuts.count()).toBeGreaterThan(1);
    await tab.getByRole("button", { name: "Sign out all other sessions" }).click();
    await expect.poll(() => signOuts.count()).toBe(0);
    expect(await tab.getByText("This device").count()).toBe(1);
    expect(refused).toEqual([]);
  } finally {
    await withScript.close();
  }
});
