/**
 * Chromium enrolls an authenticator through the built-in pages: a form post opens the enrollment page, the QR code
 * on it reads back (from its SVG and from a screenshot, in the light and the dark scheme) to the otpauth link, the
 * key typed from the page gives the code that turns TOTP on, the backup codes show once, and one of them later
 * completes a sign-in. No page breaks its Content-Security-Policy.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { allLocales } from "../../pages/locales.js";
import type { AuthConfig } from "../../src/index.js";
import { alice, overHttp, type Transport } from "../helpers/auth-client.js";
import { violations } from "../helpers/axe.js";
import { launchChromium } from "../helpers/browser.js";
import { decodeQr, modulesFromSvg } from "../helpers/qr-decoder.js";
import { decodeScreenshot } from "../helpers/qr-pixels.js";
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

async function signInWithPassword(page: Page) {
  await page.goto(`${transport.origin}/auth/signin?callbackUrl=${encodeURIComponent("/auth/session")}`);
  await page.locator("#credentials-username").fill("alice");
  await page.locator("#credentials-password").fill(alice.password);
  await page.locator("#credentials-password").press("Enter");
}

/** A fresh app whose adapter holds alice, served at the transport. */
async function freshApp(config: Partial<AuthConfig> = {}) {
  const adapter = MemoryAdapter();
  await adapter.createUser!({ id: "", email: alice.email, name: alice.name, emailVerified: new Date() });
  serve(transport, (fetch) => (current = fetch), adapter, { origin: "http://127.0.0.1:1", clientId: "x", clientSecret: "y" }, {
    twoFactor: twoFactor({ issuer: "Example" }),
    ...config,
  });
}

/** What an app's settings page does: a plain form posting to an account route with the CSRF token. */
async function postForm(page: Page, path: string, fields: Record<string, string>) {
  await page.evaluate(async ({ path, fields }) => {
    const { csrfToken } = await (await fetch("/auth/csrf")).json();
    const form = document.createElement("form");
    form.method = "post";
    form.action = path;
    for (const [name, value] of Object.entries({ ...fields, csrfToken })) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  }, { path, fields });
}

it("enrolls through the pages: QR code, typed key, first code, backup codes; a backup code then signs in", async () => {
  await freshApp();
  const browser = await (launched ??= launchChromium());
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  const policyViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) policyViolations.push(message.text());
  });
  try {
    await signInWithPassword(page);
    await page.waitForURL(`${transport.origin}/auth/session`);
    await postForm(page, "/auth/account/totp", { callbackUrl: `${transport.origin}/auth/session` });
    await page.waitForURL(`${transport.origin}/auth/account/totp`);
    await expect(page.getByRole("heading", { name: "Add an authenticator app" }).isVisible()).resolves.toBe(true);

    const link = (await page.getByRole("link", { name: "Open in an authenticator app on this device" }).getAttribute("href")) ?? "";
    const secret = ((await page.locator("#totp-key").textContent()) ?? "").replaceAll(" ", "");
    expect(link).toBe(`otpauth://totp/Example:alice%40example.com?secret=${secret}&issuer=Example`);

    const qr = page.getByRole("img", { name: "QR code that adds this account to an authenticator app" });
    expect(decodeQr(modulesFromSvg(await qr.evaluate((svg) => svg.outerHTML))).text).toBe(link);
    expect(decodeScreenshot(await qr.screenshot()).text).toBe(link);
    // In the dark scheme the code stays dark on light, and reads.
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await qr.evaluate((svg) => getComputedStyle(svg).color)).toBe("rgb(0, 0, 0)");
    expect(decodeScreenshot(await qr.screenshot()).text).toBe(link);
    await page.emulateMedia({ colorScheme: "light" });

    const code = page.getByLabel("Code", { exact: true });
    expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(await code.getAttribute("inputmode")).toBe("numeric");
    // A mistyped code: the same key again, with the message.
    await code.fill((Number(await codeFor(secret)) ^ 1).toString().padStart(6, "0"));
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("That code is not right");
    expect(((await page.locator("#totp-key").textContent()) ?? "").replaceAll(" ", "")).toBe(secret);

    await page.getByLabel("Code", { exact: true }).fill(await codeFor(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("heading", { name: "Save your backup codes" }).isVisible()).resolves.toBe(true);
    const backupCodes = await page.getByRole("list", { name: "Backup codes" }).locator("code").allTextContents();
    expect(backupCodes).toHaveLength(10);
    await page.getByRole("link", { name: "I saved them" }).click();
    await page.waitForURL(`${transport.origin}/auth/session`);

    await context.clearCookies();
    await signInWithPassword(page);
    await page.waitForURL(`${transport.origin}/auth/two-factor`);
    await page.getByLabel("Backup code").fill(backupCodes[3]);
    await page.getByRole("button", { name: "Use backup code" }).click();
    await page.waitForURL(`${transport.origin}/auth/session`);
    expect(JSON.parse((await page.locator("body").textContent()) ?? "null").user.email).toBe(alice.email);
    expect(policyViolations).toEqual([]);
  } finally {
    await context.close();
  }
});

it("the enrollment, backup-codes, gone-setup and already-on pages pass axe-core in every language and both schemes", async () => {
  const browser = await (launched ??= launchChromium());
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    for (const lang of ["en", "de", "fr", "es", "ja", "pt-BR", "zh-CN"]) {
      await freshApp({ messages: allLocales });
      const context = await browser.newContext({ locale: lang, colorScheme });
      const page = await context.newPage();
      page.setDefaultTimeout(8000);
      const check = async (name: string) => {
        expect(await page.locator("html").getAttribute("lang")).toBe(lang);
        for (const line of await violations(page)) found.push(`${colorScheme} ${lang} ${name}: ${line}`);
      };
      try {
        await signInWithPassword(page);
        await page.waitForURL(`${transport.origin}/auth/session`);
        await postForm(page, "/auth/account/totp", {});
        await page.waitForURL(`${transport.origin}/auth/account/totp`);
        await check("enrollment");
        const secret = ((await page.locator("#totp-key").textContent()) ?? "").replaceAll(" ", "");
        await page.locator("#totp-code").fill(await codeFor(secret));
        await page.locator("#totp-code").press("Enter");
        await page.waitForURL(`${transport.origin}/auth/account/totp/confirm`);
        await expect(page.locator(".codes code").count()).resolves.toBe(10);
        await check("backup codes");
        await postForm(page, "/auth/account/totp/confirm", { code: "123456" });
        await page.locator("form[action$='/account/totp']").waitFor();
        await check("gone setup");
        await page.locator("form[action$='/account/totp'] button").click();
        await page.waitForURL(`${transport.origin}/auth/account/totp`);
        await expect(page.locator("form").count()).resolves.toBe(0);
        await check("already on");
      } finally {
        await context.close();
      }
    }
  }
  expect(found).toEqual([]);
}, 240_000);
