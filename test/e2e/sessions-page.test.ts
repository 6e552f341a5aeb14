/**
 * The built-in session list in Chromium: two browsers sign in as alice, one opens {basePath}/sessions under its
 * strict CSP, sees both sessions, and signs the other one out with its button.
 */
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { alice, makeAuth } from "../helpers/auth-client.js";
import { launchChromium } from "../helpers/browser.js";
import { startServer, type RunningServer } from "../helpers/server.js";

let launched: Promise<Browser> | undefined;
let server: RunningServer | undefined;

afterAll(async () => {
  await launched?.then((b) => b.close(), () => undefined);
  await server?.close();
});

async function signedIn(browser: Browser, url: string, timezoneId = "UTC"): Promise<BrowserContext> {
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await page.goto(`${url}/auth/signin`);
  await page.getByLabel("Username").fill("alice");
  await page.getByLabel("Password").fill(alice.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((target) => !target.pathname.startsWith("/auth/"));
  await page.close();
  return context;
}

const sessionOf = async (context: BrowserContext, url: string) => (await context.request.get(`${url}/auth/session`)).json();

describe("the session list in a browser", () => {
  it("lists both sessions and signs the other one out", async () => {
    const auth = makeAuth({ adapter: MemoryAdapter(), session: { strategy: "jwt" } });
    server = await startServer(auth.fetch);
    const browser = await (launched ??= launchChromium());
    const phone = await signedIn(browser, server.url);
    const laptop = await signedIn(browser, server.url, "Asia/Tokyo");
    expect(await sessionOf(phone, server.url)).toMatchObject({ user: { email: alice.email } });

    const page = await laptop.newPage();
    const violations: string[] = [];
    page.on("console", (message) => message.type() === "error" && violations.push(message.text()));
    await page.goto(`${server.url}/auth/sessions`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Your sessions");
    expect(await page.locator("li.session").count()).toBe(2);
    // This device first (it signed in last, and was listed last before), then the others.
    await expect(page.locator("li.session").first().textContent()).resolves.toContain("This device");
    await expect(page.locator("li.session").first().textContent()).resolves.toContain("Chrome on Linux");
    await expect(page.locator("li.session").first().textContent()).resolves.toContain("127.0.0.x");
    // Times in the reader's zone (Tokyo, UTC+9), from the UTC the server wrote.
    const time = page.locator("li.session time").first();
    expect(await time.textContent()).toContain("GMT+9");
    expect(await time.getAttribute("datetime")).toMatch(/Z$/);
    // Each row's button names its device and time, so a screen reader tells them apart.
    const signOut = page.getByRole("button", { name: /^Sign out Chrome on Linux Signed in .*GMT\+9$/ });
    expect(await signOut.count()).toBe(1);
    expect(await page.getByRole("link", { name: "Back to the site" }).getAttribute("href")).toBe(`${server.url}/`);

    await signOut.click();
    await page.waitForURL(`${server.url}/auth/sessions`);
    expect(await page.locator("li.session").count()).toBe(1);
    expect(await sessionOf(phone, server.url)).toBeNull();
    expect(await sessionOf(laptop, server.url)).toMatchObject({ user: { email: alice.email } });
    expect(violations).toEqual([]);
  }, 60_000);
});
