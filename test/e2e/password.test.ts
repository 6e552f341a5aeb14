/**
 * Chromium with the Password provider: sign up, open the proof link, sign in, forget, reset, change; each form with
 * the autocomplete values a password manager reads.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { overHttp, type Transport } from "../helpers/auth-client.js";
import { launchChromium } from "../helpers/browser.js";
import { passwordApp, provenUser } from "../helpers/password-app.js";
import Nodemailer from "../../src/providers/nodemailer.js";
import Passkey from "../../src/providers/passkey.js";

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

const autocompleteOf = (page: Page, name: string) => page.locator(`form input[name="${name}"]`).first().getAttribute("autocomplete");

it("signs up, proves the address, signs in, resets a forgotten password and changes it, through the built-in pages", async () => {
  const app = passwordApp(MemoryAdapter());
  current = async (request) => app.auth.fetch(request);
  const browser = await (launched ??= launchChromium());
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  const violations: string[] = [];
  page.on("console", (message) => /Content Security Policy/i.test(message.text()) && violations.push(message.text()));
  const email = "e2e@example.com";
  const origin = transport.origin;
  const linkOf = (kind: "verify" | "reset") => app.lastMail(email, kind)!.url.replace("http://localhost:3000", origin);
  try {
    await page.goto(`${origin}/auth/signin`);
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL(`${origin}/auth/signup/password`);
    expect(await autocompleteOf(page, "email")).toBe("username");
    expect(await autocompleteOf(page, "password")).toBe("new-password");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("New password").fill("my first long e2e passphrase");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/auth\/verify-request/);

    await page.goto(linkOf("verify"));
    await page.waitForURL(/\/auth\/signin/);
    expect(await autocompleteOf(page, "email")).toBe("username");
    expect(await autocompleteOf(page, "password")).toBe("current-password");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("my first long e2e passphrase");
    await page.getByRole("button", { name: "Sign in with Password" }).click();
    await page.waitForURL(`${origin}/`);
    expect(((await context.cookies()).find((c) => c.name === "authjs.session-token"))).toBeDefined();

    await page.goto(`${origin}/auth/signin`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL(`${origin}/auth/password/forgot`);
    expect(await autocompleteOf(page, "email")).toBe("username");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.waitForURL(/\/auth\/verify-request/);
    await page.goto(linkOf("reset"));
    expect(await autocompleteOf(page, "password")).toBe("new-password");
    await page.getByLabel("New password").fill("my second long e2e passphrase");
    await page.getByRole("button", { name: "Set password" }).click();
    await page.waitForURL(/\/auth\/signin/);
    // the reset ended the session
    expect(await page.evaluate(async () => (await fetch("/auth/session")).json())).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 10));
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("my second long e2e passphrase");
    await page.getByRole("button", { name: "Sign in with Password" }).click();
    await page.waitForURL(`${origin}/`);

    await page.goto(`${origin}/auth/password/change`);
    expect(await autocompleteOf(page, "current")).toBe("current-password");
    expect(await autocompleteOf(page, "password")).toBe("new-password");
    await page.getByLabel("Current password").fill("my second long e2e passphrase");
    await page.getByLabel("New password").fill("my third long e2e passphrase");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your password was changed.").waitFor();
    expect(violations).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);

it("proves a sign-up with the code from its mail, typed on the check-your-email page", async () => {
  const email = "e2e-code@example.com";
  const codes = Nodemailer({ server: { host: "127.0.0.1", port: 1 }, from: "auth@sekisho.test", otp: true });
  const app = passwordApp(MemoryAdapter(), {}, { providers: [codes] });
  current = async (request) => app.auth.fetch(request);
  const browser = await (launched ??= launchChromium());
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  const origin = transport.origin;
  try {
    await page.goto(`${origin}/auth/signup/password`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("New password").fill("my long e2e passphrase for codes");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/auth\/verify-request/);
    expect(await autocompleteOf(page, "code")).toBe("one-time-code");
    await page.getByLabel("Code").fill(app.lastMail(email, "verify")!.code!);
    await page.getByRole("button", { name: "Confirm email" }).click();
    await page.waitForURL(/\/auth\/signin\?email=/);
    await page.locator('form:has(input[name="password"]) input[name="email"]').fill(email);
    await page.getByLabel("Password", { exact: true }).fill("my long e2e passphrase for codes");
    await page.getByRole("button", { name: "Sign in with Password" }).click();
    await page.waitForURL(`${origin}/`);
    expect((await context.cookies()).find((c) => c.name === "authjs.session-token")).toBeDefined();
  } finally {
    await context.close();
  }
}, 60_000);

it("offers a passkey after a password sign-in; 'Not now' works without JavaScript and goes on", async () => {
  const email = "e2e-offer@example.com";
  const app = passwordApp(MemoryAdapter(), {}, { providers: [Passkey()], experimental: { enableWebAuthn: true } });
  await provenUser(app, email, "my long e2e passphrase for the offer");
  current = async (request) => app.auth.fetch(request);
  const browser = await (launched ??= launchChromium());
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  const origin = transport.origin;
  try {
    await page.goto(`${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/after`)}`);
    await page.locator('form:has(input[name="password"]) input[name="email"]').fill(email);
    await page.getByLabel("Password", { exact: true }).fill("my long e2e passphrase for the offer");
    await page.getByRole("button", { name: "Sign in with Password" }).click();
    await page.waitForURL(/\/auth\/password\/passkey-offer/);
    await page.getByRole("heading", { name: "Add a passkey?" }).waitFor();
    expect(await page.getByRole("link", { name: "Add a passkey" }).getAttribute("href")).toContain("/auth/signin?callbackUrl=");
    expect((await context.cookies()).find((c) => c.name === "authjs.session-token")).toBeDefined();
    await page.getByRole("button", { name: "Not now" }).click();
    await page.waitForURL(`${origin}/after`);
    expect((await context.cookies()).find((c) => c.name === "sekisho.passkey-offer")).toBeDefined();
  } finally {
    await context.close();
  }
}, 60_000);
