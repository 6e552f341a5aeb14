/** Chromium: enroll TOTP, sign out, sign in with the password, and give a code an authenticator would show. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { alice, overHttp, type Transport } from "../helpers/auth-client.js";
import { launchChromium } from "../helpers/browser.js";
import { codeFor, serve } from "../security/two-factor/fixtures.js";
import { twoFactor } from "../../src/two-factor/index.js";

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

it("enrolls an authenticator and signs in with its code on the built-in second-factor page", async () => {
  const adapter = MemoryAdapter();
  await adapter.createUser!({ id: "", email: alice.email, name: alice.name, emailVerified: new Date() });
  serve(transport, (fetch) => (current = fetch), adapter, { origin: "http://127.0.0.1:1", clientId: "x", clientSecret: "y" });
  const browser = await (launched ??= launchChromium());
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  const signInWithPassword = async () => {
    await page.goto(`${transport.origin}/auth/signin?callbackUrl=${encodeURIComponent("/auth/session")}`);
    await page.getByLabel("Username").fill("alice");
    await page.getByLabel("Password").fill(alice.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  };
  try {
    await signInWithPassword();
    await page.waitForURL(`${transport.origin}/auth/session`);

    const post = (path: string, fields: Record<string, string>) =>
      page.evaluate(
        async ({ path, fields }) => {
          const { csrfToken } = await (await fetch("/auth/csrf")).json();
          const body = new URLSearchParams({ ...fields, csrfToken });
          return (await fetch(path, { method: "POST", body })).json();
        },
        { path, fields },
      );
    const { secret, uri } = await post("/auth/account/totp", {});
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]{32}&issuer=/);
    const { backupCodes } = await post("/auth/account/totp/confirm", { code: await codeFor(secret) });
    expect(backupCodes).toHaveLength(10);

    await context.clearCookies();
    await signInWithPassword();
    await page.waitForURL(`${transport.origin}/auth/two-factor`);
    expect((await context.cookies()).some((cookie) => cookie.name === "authjs.session-token")).toBe(false);
    await page.getByLabel("Code", { exact: true }).fill(await codeFor(secret, 1));
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${transport.origin}/auth/session`);
    expect(JSON.parse((await page.locator("body").textContent()) ?? "null").user.email).toBe(alice.email);
  } finally {
    await context.close();
  }
});

it("a required user enrolls on the built-in page, keeps the backup codes, and a trusted browser is not asked again", async () => {
  const adapter = MemoryAdapter();
  await adapter.createUser!({ id: "", email: alice.email, name: alice.name, emailVerified: new Date() });
  serve(transport, (fetch) => (current = fetch), adapter, { origin: "http://127.0.0.1:1", clientId: "x", clientSecret: "y" }, {
    twoFactor: twoFactor({ required: true, trustedDevices: { maxAge: 30 * 24 * 60 * 60 } }),
  });
  const browser = await (launched ??= launchChromium());
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  const problems: string[] = [];
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  const signInWithPassword = async () => {
    await page.goto(`${transport.origin}/auth/signin?callbackUrl=${encodeURIComponent("/auth/session")}`);
    await page.getByLabel("Username").fill("alice");
    await page.getByLabel("Password").fill(alice.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  };
  try {
    await signInWithPassword();
    await page.waitForURL(`${transport.origin}/auth/two-factor`);
    expect((await context.cookies()).some((cookie) => cookie.name === "authjs.session-token")).toBe(false);
    await expect.poll(() => page.getByRole("heading").textContent()).toBe("Set up two-step sign-in");
    const secret = (await page.locator("[data-totp-secret]").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByRole("link", { name: "Open in an authenticator app" }).getAttribute("href")).toMatch(/^otpauth:\/\/totp\//);
    await page.getByLabel("Code", { exact: true }).fill(await codeFor(secret));
    await page.getByLabel("Don't ask again on this device").check();
    await page.getByRole("button", { name: "Turn on and continue" }).click();

    await expect.poll(() => page.getByRole("list", { name: "Backup codes" }).locator("code").count()).toBe(10);
    const trusted = (await context.cookies()).find((cookie) => cookie.name === "sekisho.trusted-device");
    expect(trusted).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    await page.getByRole("link", { name: "I saved them" }).click();
    await page.waitForURL(`${transport.origin}/auth/session`);
    expect(JSON.parse((await page.locator("body").textContent()) ?? "null").user.email).toBe(alice.email);

    // signed out, then in again in this browser: no second step
    await context.clearCookies({ name: "authjs.session-token" });
    await signInWithPassword();
    await page.waitForURL(`${transport.origin}/auth/session`);
    expect(JSON.parse((await page.locator("body").textContent()) ?? "null").user.email).toBe(alice.email);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
