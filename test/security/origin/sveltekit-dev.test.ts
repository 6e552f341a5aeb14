/**
 * The known finding, end to end: examples/sveltekit under `vite dev`, where SvelteKit checks no origin, and a
 * page on another site whose form posts to the app's `signIn` and `signOut` form actions in the victim's
 * Chromium. Login CSRF would leave the victim signed into the attacker's account (the demo user); logout CSRF
 * would end the victim's session. The actions check the form's origin themselves, so neither happens.
 */
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devApp, root, startServer as startApp, type RunningApp } from "../../frameworks/apps.js";
import { launchChromium } from "../../helpers/browser.js";
import { startServer, type RunningServer } from "../../helpers/server.js";

const secret = "sveltekit-dev-csrf-secret-0123456789abcdefghij";

/** The attacker's page: a form that posts itself to `action` as soon as it loads. */
const attackerPage = (action: string, fields: Record<string, string>) =>
  `<!doctype html><title>Win a prize</title><form method="post" action="${action}">${Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join("")}</form><script>document.forms[0].submit()</script>`;

describe("SvelteKit form actions under vite dev, against a form on another site", () => {
  let app: RunningApp;
  let attacker: RunningServer;
  let browser: Browser;
  let page = "";

  beforeAll(async () => {
    const dir = await devApp("sveltekit");
    app = await startApp("sveltekit dev", (port) => [join(root, "node_modules/vite/bin/vite.js"), "dev", "--port", String(port), "--strictPort", "--host", "localhost"], dir, {
      NODE_ENV: "development",
      AUTH_SECRET: secret,
    });
    // vite compiles on the first request; warm it up before timing-sensitive navigation.
    await fetch(`${app.url}/auth/signin`);
    attacker = await startServer(() => new Response(page, { headers: { "content-type": "text/html" } }));
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await attacker?.close();
    await app?.close();
  });

  /** The victim's browser visits the attacker's page; resolves to the app's session cookie afterwards. */
  async function visitAttacker(action: string, fields: Record<string, string>, signedIn = false) {
    const context = await browser.newContext();
    try {
      const victim = await context.newPage();
      // vite dev compiles each module as the browser first asks for it.
      victim.setDefaultTimeout(120_000);
      if (signedIn) {
        await victim.goto(`${app.url}/auth/signin`);
        await victim.getByLabel("Username").fill("demo");
        await victim.getByLabel("Password").fill("demo");
        await victim.getByRole("button", { name: /sign in/i }).first().click();
        await victim.waitForURL((url) => !url.pathname.startsWith("/auth/"));
      }
      const before = (await context.cookies(app.url)).find((cookie) => cookie.name === "authjs.session-token");
      page = attackerPage(`${app.url}${action}`, fields);
      const answered = victim.waitForResponse((response) => response.url().startsWith(`${app.url}${action}`) && response.request().method() === "POST");
      const [response] = await Promise.all([answered, victim.goto(attacker.url)]);
      const after = (await context.cookies(app.url)).find((cookie) => cookie.name === "authjs.session-token");
      return { status: response.status(), before: before?.value, after: after?.value };
    } finally {
      await context.close();
    }
  }

  it("login CSRF: the signIn action refuses the other site's form (403) and the victim is not signed in", { timeout: 240_000 }, async () => {
    const { status, after } = await visitAttacker("/signin", { providerId: "credentials", username: "demo", password: "demo" });
    expect(status).toBe(403);
    expect(after).toBeUndefined();
  });

  it("logout CSRF: the signOut action refuses the other site's form (403) and the victim stays signed in", { timeout: 240_000 }, async () => {
    const { status, before, after } = await visitAttacker("/signout", {}, true);
    expect(before).toBeTruthy();
    expect(status).toBe(403);
    expect(after).toBe(before);
  });
});
