import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startDemo, type RunningDemo } from "../../examples/demo/server.js";
import { launchChromium } from "../helpers/browser.js";
import { addPlatformAuthenticator } from "../helpers/virtual-authenticator.js";

let demo: RunningDemo;
let browser: Browser | undefined;
/** Everything printed to the console from the demo's start on. */
const printed: string[] = [];

beforeAll(async () => {
  for (const method of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(" ")));
  }
  const database = join(mkdtempSync(join(tmpdir(), "sekisho-demo-ui-")), "demo.db");
  demo = await startDemo({ port: 0, env: { AUTH_SECRET: "e2e-demo-ui-secret-0123456789abcdefghijk", DEMO_DATABASE: `file:${database}` }, print: () => {} });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await browser?.close();
  await demo?.close();
});

async function newPage() {
  browser ??= await launchChromium();
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

describe("the demo in a browser", () => {
  it("signs in at the Demo IdP's own pages, which load nothing from elsewhere, and the terminal stays free of its notices", async () => {
    const { context, page } = await newPage();
    const hosts = new Set<string>();
    page.on("request", (request) => void hosts.add(new URL(request.url()).hostname));
    try {
      await page.goto(`${demo.url}/protected`);
      await page.getByRole("button", { name: "Sign in with Demo IdP" }).click();
      await page.waitForURL((url) => url.origin === demo.idpIssuer);
      expect(await page.title()).toBe("Sign in · Demo IdP");
      expect(await page.locator('link[rel="stylesheet"], link[href*="font"]').count()).toBe(0);
      await page.getByLabel("Login name").fill("ada");
      await page.getByLabel("Password").fill("anything");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "Allow access" }).waitFor();
      expect(await page.locator("li").allTextContents()).toEqual(expect.arrayContaining(["openid", "email"]));
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(`${demo.url}/protected`);
      expect(await page.locator("#greeting").textContent()).toBe("Welcome, ada.");
      expect([...hosts].sort()).toEqual(["127.0.0.1", "localhost"]);
      expect(printed.filter((line) => /oidc-provider/i.test(line))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("adding a passkey says so and lists it, in the words of the sign-in page's button", async () => {
    const { context, page } = await newPage();
    try {
      await addPlatformAuthenticator(context, page);
      await page.goto(`${demo.url}/protected`);
      await page.getByLabel("Username").fill("demo");
      await page.getByLabel("Password", { exact: true }).fill("demo");
      await page.getByRole("button", { name: "Sign in with Demo account" }).click();
      await page.waitForURL(`${demo.url}/protected`);
      expect(await page.locator("#passkeys").textContent()).toBe("This account has no passkey yet.");
      expect(await page.locator("main").textContent()).toContain('use "Sign in with a passkey"');
      await page.getByRole("button", { name: "Add a passkey" }).click();
      await page.waitForURL(`${demo.url}/protected?passkey=added`);
      expect(await page.getByRole("status").textContent()).toBe("Passkey added. It is in the list above.");
      expect(await page.locator("#passkeys").textContent(), page.url()).toMatch(/Passkey 1/);
      expect(await page.locator("#passkeys li").count()).toBe(1);
      expect(await page.locator("#passkeys li").textContent()).toMatch(/^Passkey 1: /);
      // In a browser the sign-in page would use the new passkey at once (autofill), so its button is read from the HTML.
      expect(await (await fetch(`${demo.url}/auth/signin`)).text()).toMatch(/<button[^>]*>Sign in with a passkey<\/button>/);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("links the session list, which shows the client address and leads back, with the sign-in labels in the reader's language", async () => {
    browser ??= await launchChromium();
    const context = await browser.newContext({ locale: "de-DE" });
    const page = await context.newPage();
    try {
      await page.goto(`${demo.url}/protected`);
      await page.getByLabel("Benutzername").fill("demo");
      await page.getByLabel("Passwort", { exact: true }).fill("demo");
      await page.getByRole("button", { name: "Mit Demo account anmelden" }).click();
      await page.waitForURL(`${demo.url}/protected`);
      await page.getByRole("link", { name: "Your sessions" }).click();
      await page.waitForURL((url) => url.pathname === "/auth/sessions");
      const current = page.locator("li.session").first();
      expect(await current.textContent()).toContain("Dieses Gerät");
      // The loopback wrapper passes the connection on: the address is there, truncated (127.0.0.x, or ::1's /64).
      expect(await current.textContent()).toMatch(/ · (127\.0\.0\.x|[0-9a-f:]+)/);
      await page.getByRole("link", { name: "Zurück zur Website" }).click();
      await page.waitForURL(`${demo.url}/protected`);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("has a favicon", async () => {
    const response = await fetch(`${demo.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(await response.text()).toMatch(/^<svg /);
    const home = await (await fetch(`${demo.url}/`)).text();
    expect(home).toContain('<link rel="icon" href="/favicon.ico" type="image/svg+xml"/>');
  });
});
