/**
 * The server-action side of the finding, end to end: examples/next under `next dev`, configured with
 * `serverActions.allowedOrigins` naming another site (as an app behind a proxy may), so Next.js's own origin
 * check lets that site's forms through. The attacker copies the login page's server-action form onto their
 * page and has it post itself in the victim's Chromium: the sign-in action must not sign the victim into the
 * attacker's account.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devApp, freePort, root, startServer as startApp, type RunningApp } from "../../frameworks/apps.js";
import { launchChromium } from "../../helpers/browser.js";
import { startServer, type RunningServer } from "../../helpers/server.js";

/** A configuration that lets `ATTACKER_HOST` past Next.js's own origin check for server actions. */
const trustingAttacker = (dir: string) =>
  writeFileSync(
    join(dir, "next.config.ts"),
    `export default { typescript: { ignoreBuildErrors: true }, experimental: { serverActions: { allowedOrigins: [process.env.ATTACKER_HOST] } } };\n`,
  );

describe("Next.js server actions under a broad serverActions.allowedOrigins, against a form on another site", () => {
  let app: RunningApp;
  let attacker: RunningServer;
  let browser: Browser;
  let page = "";

  beforeAll(async () => {
    attacker = await startServer(() => new Response(page, { headers: { "content-type": "text/html" } }));
    const dir = await devApp("next", trustingAttacker);
    const port = await freePort();
    app = await startApp("next dev", () => [join(root, "node_modules/next/dist/bin/next"), "dev", "--webpack", dir, "-p", String(port), "-H", "localhost"], dir, {
      NODE_ENV: "development",
      AUTH_SECRET: "next-dev-csrf-secret-0123456789abcdefghijklmnop",
      ATTACKER_HOST: new URL(attacker.url).host,
    }, port);
    // next dev compiles on the first request.
    await fetch(`${app.url}/login`);
    browser = await launchChromium();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await attacker?.close();
    await app?.close();
  });

  it("login CSRF: the copied sign-in form posted from the other site leaves the victim signed out", async () => {
    const context = await browser.newContext();
    try {
      const victim = await context.newPage();
      // next dev compiles each page and chunk as the browser first asks for it.
      victim.setDefaultTimeout(120_000);
      // The attacker reads the public login page for the action's form, with its hidden action fields.
      await victim.goto(`${app.url}/login`, { waitUntil: "domcontentloaded" });
      const form = await victim.locator("form").first().evaluate((element) => element.outerHTML);
      page = `<!doctype html><title>Win a prize</title>${form}<script>
        const form = document.forms[0];
        form.action = ${JSON.stringify(`${app.url}/login`)};
        form.username.value = "demo";
        form.password.value = "demo";
        form.submit();
      </script>`;
      await context.clearCookies();
      const answered = victim.waitForResponse((response) => response.url().startsWith(`${app.url}/login`) && response.request().method() === "POST");
      await Promise.all([answered, victim.goto(attacker.url)]);
      await victim.waitForLoadState("load");
      const cookie = (await context.cookies(app.url)).find((candidate) => candidate.name === "authjs.session-token");
      expect(cookie).toBeUndefined();
      expect(app.output()).toContain("MissingCSRF");
    } finally {
      await context.close();
    }
  }, 300_000);

  it("the app's own login form still signs in through the same server action", async () => {
    const context = await browser.newContext();
    try {
      const user = await context.newPage();
      user.setDefaultTimeout(120_000);
      await user.goto(`${app.url}/login`);
      await user.getByLabel("Username").fill("demo");
      await user.getByLabel("Password").fill("demo");
      await user.getByRole("button", { name: "Sign in with password" }).click();
      await user.waitForURL(`${app.url}/dashboard`);
      expect((await context.cookies(app.url)).map((cookie) => cookie.name)).toContain("authjs.session-token");
    } finally {
      await context.close();
    }
  }, 300_000);
});
