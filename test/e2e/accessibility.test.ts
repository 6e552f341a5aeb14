/**
 * Every built-in page, checked by axe-core in Chromium (WCAG 2.1 A and AA, colour contrast included): in
 * both colour schemes (the browser's preference under the default theme, and the theme's `colorScheme`
 * option) and in every built-in language. Dark-mode links were 3.15:1 against the card before.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allLocales } from "../../pages/locales.js";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { AuthConfig } from "../../src/index.js";
import GitHub from "../../src/providers/github.js";
import Google from "../../src/providers/google.js";
import Passkey from "../../src/providers/passkey.js";
import Password from "../../src/providers/password.js";
import { alice, checkAlice, credentialsProvider, quietLogger } from "../helpers/auth-client.js";
import { violations } from "../helpers/axe.js";
import { addPasskey, linkAccount } from "../integration/account/fixtures.js";
import { launchChromium } from "../helpers/browser.js";
import { createAuth } from "../helpers/plain-providers.js";
import { startServer, type RunningServer } from "../helpers/server.js";
import { twoFactor } from "../../src/two-factor/index.js";

const languages = ["en", "de", "fr", "es", "ja", "pt-BR", "zh-CN"];

/** Alice in `adapter`, made at her first sign-in with a linked GitHub account and a passkey, for the account page. */
function aliceIn(adapter: ReturnType<typeof MemoryAdapter>) {
  return credentialsProvider(async (fields) => {
    const user = checkAlice(fields);
    if (!user) return null;
    const known = await adapter.getUserByEmail(alice.email);
    if (known) return { ...user, id: known.id };
    const created = await adapter.createUser({ id: "", email: alice.email, name: alice.name, emailVerified: null });
    await linkAccount(adapter, created.id, "github");
    await addPasskey(adapter, created.id, "accessible-passkey");
    return { ...user, id: created.id };
  });
}

function config(theme: AuthConfig["theme"]): AuthConfig {
  const adapter = MemoryAdapter();
  return {
    secret: "accessibility-suite-secret-0123456789abcdef",
    trustHost: true,
    logger: quietLogger,
    adapter,
    session: { strategy: "jwt" },
    twoFactor: twoFactor(),
    experimental: { enableWebAuthn: true },
    messages: allLocales,
    theme,
    providers: [
      GitHub({ clientId: "id", clientSecret: "secret" }),
      Google({ clientId: "id", clientSecret: "secret" }),
      {
        id: "company",
        name: "Company SSO",
        type: "oauth",
        authorization: "https://idp.invalid/authorize",
        token: "https://idp.invalid/token",
        userinfo: "https://idp.invalid/userinfo",
        clientId: "id",
        clientSecret: "secret",
      },
      { id: "email", name: "Nodemailer", type: "email", otp: true, sendVerificationRequest: async () => {} },
      aliceIn(adapter),
      Password({ sendMail: () => {} }),
      Passkey(),
    ],
  };
}

/** The pages, by path; the session list and the account page need a signed-in browser and come last. */
const paths = [
  "/auth/signin",
  "/auth/signin?error=CredentialsSignin",
  "/auth/signout",
  "/auth/error?error=Configuration",
  "/auth/error?error=AccessDenied",
  "/auth/error?error=Verification",
  "/auth/verify-request?provider=email&type=email&email=ada%40example.com",
  "/auth/verify-request?provider=email&type=email&email=ada%40example.com&error=Verification&tries=3",
  "/auth/signup/password",
  "/auth/password/forgot",
  "/auth/password/reset?token=abc",
  "/auth/password/change",
  "/auth/verify-request?provider=password&type=email&email=ada%40example.com&for=signup",
  "/auth/password/passkey-offer?callbackUrl=%2F",
  // A callback with no state cookie: the sign-in started elsewhere, so the stale sign-in page.
  "/auth/callback/company?state=abc&code=xyz",
  "/auth/sessions",
  "/auth/account",
];

let browser: Browser | undefined;
let auto: RunningServer;
let dark: RunningServer;

beforeAll(async () => {
  auto = await startServer(createAuth(config({ brandName: "Accessible App" }), { env: {} }).fetch);
  dark = await startServer(createAuth(config({ colorScheme: "dark" }), { env: {} }).fetch);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await auto?.close();
  await dark?.close();
});

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/auth/signin`);
  await page.locator("#credentials-username").fill("alice");
  await page.locator("#credentials-password").fill(alice.password);
  await page.locator("#credentials-password").press("Enter");
  await page.waitForURL((target) => !target.pathname.startsWith("/auth/"));
}

describe("every built-in page passes axe-core", () => {
  for (const [name, server, scheme] of [
    ["default theme, light preference", () => auto, "light"],
    ["default theme, dark preference", () => auto, "dark"],
    ["colorScheme: dark", () => dark, "light"],
  ] as const) {
    it(`${name}, in every language`, async () => {
      const found: string[] = [];
      for (const lang of languages) {
        const context = await browser!.newContext({ locale: lang, colorScheme: scheme });
        const page = await context.newPage();
        for (const path of paths) {
          if (path === "/auth/sessions") await signIn(page, server().url);
          const response = await page.goto(`${server().url}${path}`);
          expect(await page.locator("html").getAttribute("lang"), path).toBe(lang);
          expect(response!.headers()["content-type"]).toMatch(/^text\/html/);
          if (path === "/auth/account") expect(new URL(page.url()).pathname, "the account page itself, not a sign-in").toBe(path);
          for (const line of await violations(page)) found.push(`${lang} ${path}: ${line}`);
          if (lang === "en" && path.startsWith("/auth/verify-request")) {
            // The link keeps a brand colour of its own (derived in CSS), not the text colour it would fall back to.
            const [link, text] = await page.evaluate(() => [getComputedStyle(document.querySelector("p.back a")!).color, getComputedStyle(document.body).color]);
            expect(link).not.toBe(text);
          }
        }
        await context.close();
      }
      expect(found).toEqual([]);
    }, 240_000);
  }
});
