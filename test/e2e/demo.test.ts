/** The demo as a newcomer uses it: the Demo IdP, email through the dev mailbox, and a passkey added and used. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo, type RunningDemo } from "../../examples/demo/server.js";
import { launchChromium } from "../helpers/browser.js";
import { addPlatformAuthenticator } from "../helpers/virtual-authenticator.js";

let demo: RunningDemo;
let launched: Promise<Browser> | undefined;
const browser = () => (launched ??= launchChromium());

beforeAll(async () => {
  // as on a fresh clone, the database's folder does not exist yet
  const database = join(mkdtempSync(join(tmpdir(), "sekisho-demo-")), ".sekisho", "demo.db");
  demo = await startDemo({ port: 0, env: { AUTH_SECRET: "e2e-demo-secret-0123456789abcdefghijklmn", DEMO_DATABASE: `file:${database}` }, print: () => {} });
});

afterAll(async () => {
  await launched?.then((b) => b.close(), () => undefined);
  await demo?.close();
});

async function greeting(page: Page) {
  await page.waitForURL(`${demo.url}/protected`);
  return page.locator("#greeting").textContent();
}

describe("the demo", () => {
  it("signs in with its own Demo IdP", async () => {
    const context = await (await browser()).newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${demo.url}/protected`);
      await page.getByRole("button", { name: "Sign in with Demo IdP" }).click();
      await page.waitForURL((url) => url.origin === demo.idpIssuer);
      await page.locator('input[name="login"]').fill("ada");
      await page.locator('input[name="password"]').fill("anything");
      await page.locator('button[type="submit"]').click();
      await page.locator('button[type="submit"]').click();
      expect(await greeting(page)).toBe("Welcome, ada.");
    } finally {
      await context.close();
    }
  });

  it("signs in by email with the link from the dev mailbox", async () => {
    const context = await (await browser()).newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${demo.url}/protected`);
      await page.getByLabel("Email").first().fill("grace@example.com");
      await page.getByRole("button", { name: "Sign in with Email" }).click();
      await page.waitForURL((url) => url.pathname === "/auth/verify-request");
      await page.goto(`${demo.url}/dev/mailbox`);
      await page.getByRole("link", { name: "sign-in link" }).first().click();
      await page.waitForURL(`${demo.url}/protected`);
      const session = JSON.parse((await page.locator("#session").textContent()) ?? "null");
      expect(session.user.email).toBe("grace@example.com");
    } finally {
      await context.close();
    }
  });

  it("adds a passkey on the protected page, then signs in with it", async () => {
    const context = await (await browser()).newContext();
    const page = await context.newPage();
    try {
      await addPlatformAuthenticator(context, page);
      await page.goto(`${demo.url}/protected`);
      await page.getByLabel("Username").fill("demo");
      await page.getByLabel("Password").fill("demo");
      await page.getByRole("button", { name: "Sign in with Demo account" }).click();
      expect(await greeting(page)).toBe("Welcome, Demo User.");
      await page.getByRole("button", { name: "Add a passkey" }).click();
      // the ceremony ends in a form post back here; signing out before it lands would drop its challenge
      await page.waitForURL((url) => url.searchParams.get("passkey") === "added");
      expect(await page.locator("#greeting").textContent()).toBe("Welcome, Demo User.");
      await page.getByRole("link", { name: "Sign out" }).click();
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await page.goto(`${demo.url}/protected`);
      // The sign-in page offers passkeys in autofill (conditional UI); the virtual authenticator answers it at once.
      await page.waitForURL(`${demo.url}/protected`, { timeout: 30_000 });
      expect(await page.locator("#greeting").textContent()).toBe("Welcome, Demo User.");
    } finally {
      await context.close();
    }
  }, 90_000);
});
