import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo, type RunningDemo } from "../../examples/demo/server.js";
import { launchChromium } from "../helpers/browser.js";

let demo: RunningDemo;
let launched: Promise<Browser> | undefined;

/** Launched inside the test, so a missing Chromium fails the test itself rather than skipping it. */
function browser(): Promise<Browser> {
  return (launched ??= launchChromium());
}

beforeAll(async () => {
  const database = join(mkdtempSync(join(tmpdir(), "sekisho-demo-")), "demo.db");
  demo = await startDemo({ port: 0, env: { AUTH_SECRET: "e2e-credentials-secret-0123456789abcdef", DEMO_DATABASE: `file:${database}` }, print: () => {} });
});

afterAll(async () => {
  await launched?.then((b) => b.close(), () => undefined);
  await demo?.close();
});

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

describe("credentials sign-in in a browser", () => {
  it("signs in through the built-in page, shows the session, and signs out", async () => {
    const context = await (await browser()).newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${demo.url}/protected`);
      expect(pathOf(page)).toBe("/auth/signin");
      expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(`${demo.url}/protected`);

      await page.getByLabel("Username").fill("demo");
      await page.getByLabel("Password").fill("wrong");
      await page.getByRole("button", { name: "Sign in with Demo account" }).click();
      await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
      expect(pathOf(page)).toBe("/auth/signin");
      await expect(page.getByRole("alert").textContent()).resolves.toContain("Sign-in failed");

      await page.getByLabel("Username").fill("demo");
      await page.getByLabel("Password").fill("demo");
      await page.getByRole("button", { name: "Sign in with Demo account" }).click();
      await page.waitForURL(`${demo.url}/protected`);
      expect(await page.locator("#greeting").textContent()).toBe("Welcome, Demo User.");
      const session = JSON.parse((await page.locator("#session").textContent()) ?? "null");
      expect(session.user).toEqual({ name: "Demo User", email: "demo@example.com", image: null });
      expect(Date.parse(session.expires)).toBeGreaterThan(Date.now());

      const cookies = await context.cookies();
      const sessionCookie = cookies.find((cookie) => cookie.name === "authjs.session-token");
      expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

      await page.getByRole("link", { name: "Sign out" }).click();
      await page.waitForURL((url) => url.pathname === "/auth/signout");
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(`${demo.url}/`);
      expect(await page.textContent("body")).toContain("You are not signed in.");
      expect((await context.cookies()).some((cookie) => cookie.name === "authjs.session-token")).toBe(false);

      await page.goto(`${demo.url}/protected`);
      expect(pathOf(page)).toBe("/auth/signin");
    } finally {
      await context.close();
    }
  });
});
