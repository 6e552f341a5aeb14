/**
 * The page policy in Chromium: another site's frame of the sign-in page stays empty, and on the page itself
 * the passkey scripts run under the policy with no violation, through registration and sign-in.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { createAuth } from "../../../src/index.js";
import Passkey from "../../../src/providers/passkey.js";
import { messages } from "../../../pages/messages.js";
import { launchChromium } from "../../helpers/browser.js";
import { addPlatformAuthenticator } from "../../helpers/virtual-authenticator.js";

type Server = ReturnType<typeof serve>;

function listen(fetch: (request: Request) => Response | Promise<Response>, hostname: string): Promise<{ server: Server; origin: string }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, hostname, port: 0 }, () => resolve({ server, origin: `http://${hostname}:${(server.address() as AddressInfo).port}` }));
  });
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
    if ("closeAllConnections" in server) server.closeAllConnections();
  });
}

/** The policy violations and frame refusals Chromium reports on `page`. */
function violationsOn(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|X-Frame-Options|Refused to/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

describe("the page policy in Chromium", () => {
  let browser: Browser;
  let app: { server: Server; origin: string };
  let attacker: { server: Server; origin: string };
  let base: string;

  beforeAll(async () => {
    const auth = createAuth(
      {
        secret: "framing-suite-secret-0123456789abcdef012345",
        providers: [Passkey()],
        adapter: MemoryAdapter(),
        experimental: { enableWebAuthn: true },
        logger: { error() {}, warn() {}, debug() {} },
      },
      { env: {} },
    );
    app = await listen(auth.fetch, "localhost");
    base = `${app.origin}/auth`;
    const framing = `<!doctype html><title>Win a prize</title><iframe id="victim" src="${base}/signin" width="600" height="400"></iframe>`;
    attacker = await listen(() => new Response(framing, { headers: { "Content-Type": "text/html" } }), "127.0.0.1");
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await close(app?.server);
    await close(attacker?.server);
  });

  it("another site's frame of the sign-in page shows nothing of it", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const violations = violationsOn(page);
      const answered = page.waitForResponse((response) => response.url().startsWith(`${base}/signin`));
      await page.goto(attacker.origin);
      expect((await answered).status()).toBe(200);
      const frame = await (await page.waitForSelector("#victim")).contentFrame();
      await expect.poll(() => frame?.url()).not.toBe("about:blank");
      expect(frame?.url()).not.toContain("/auth/signin");
      expect(await frame?.locator("form").count()).toBe(0);
      await expect.poll(() => violations.some((text) => text.includes("frame-ancestors"))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("registers and signs in with a passkey under the policy, with no violation", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await addPlatformAuthenticator(context, page);
      const violations = violationsOn(page);
      const signInPage = `${base}/signin?callbackUrl=${encodeURIComponent(`${base}/session`)}`;
      // Only the button signs in: the page's conditional request is kept from answering.
      await page.route((url) => url.pathname.endsWith("/webauthn-options/passkey") && url.searchParams.get("action") === "authenticate", (route) => route.abort());

      const policy = (await page.goto(signInPage))?.headers()["content-security-policy"];
      expect(policy).toContain("frame-ancestors 'none'");
      await page.getByLabel("Email").fill("csp@example.com");
      await page.getByRole("button", { name: messages.signIn.passkeyButton }).click();
      await page.waitForURL(`${base}/session`);
      expect(JSON.parse((await page.textContent("body")) ?? "null")).toMatchObject({ user: { email: "csp@example.com" } });

      await context.clearCookies();
      await page.goto(signInPage);
      await page.getByRole("button", { name: messages.signIn.passkeyButton }).click();
      await page.waitForURL(`${base}/session`);
      expect(JSON.parse((await page.textContent("body")) ?? "null")).toMatchObject({ user: { email: "csp@example.com" } });
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
