import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allLocales } from "../../pages/locales.js";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { type AuthConfig } from "../../src/index.js";
import { createAuth } from "../helpers/plain-providers.js";
import Credentials from "../../src/providers/credentials.js";
import Passkey from "../../src/providers/passkey.js";
import { launchChromium } from "../helpers/browser.js";
import { quietLogger } from "../helpers/auth-client.js";
import { startServer, type RunningServer } from "../helpers/server.js";

const credentials = () =>
  Credentials({
    name: "Password",
    credentials: {
      username: { label: "Username", autocomplete: "username" },
      password: { label: "Password", type: "password", autocomplete: "current-password" },
    },
    authorize: async ({ username, password }) => (username === "ada" && password === "right" ? { id: "1", name: "Ada" } : null),
  });

function everyMethod(): AuthConfig {
  return {
    secret: "signin-page-secret-0123456789abcdef0123456789",
    trustHost: true,
    logger: quietLogger,
    adapter: MemoryAdapter(),
    experimental: { enableWebAuthn: true },
    messages: allLocales,
    providers: [
      credentials(),
      { id: "company", name: "Company SSO", type: "oidc", issuer: "https://idp.invalid", clientId: "id", clientSecret: "secret" },
      { id: "email", name: "Email", type: "email", sendVerificationRequest: async () => {} },
      Passkey(),
    ],
  };
}

/** A strict policy like the one a site would send: scripts only from the site itself, no inline script. */
const strictCsp = "default-src 'self'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:";

let browser: Browser | undefined;
let full: RunningServer;
let strict: RunningServer;

beforeAll(async () => {
  full = await startServer(createAuth(everyMethod(), { env: {} }).fetch);
  const passwordOnly = createAuth({ ...everyMethod(), adapter: undefined, experimental: {}, providers: [credentials()] }, { env: {} });
  strict = await startServer(async (request) => {
    const response = await passwordOnly.fetch(request);
    const headers = new Headers(response.headers);
    headers.set("content-security-policy", strictCsp);
    return new Response(response.body, { status: response.status, headers });
  });
});

afterAll(async () => {
  await browser?.close();
  await full?.close();
  await strict?.close();
});

async function context(locale = "en-US"): Promise<BrowserContext> {
  browser ??= await launchChromium();
  return browser.newContext({ locale, viewport: { width: 1280, height: 1000 } });
}

describe("the sign-in page in Chromium", () => {
  it("fits every sign-in method in a compact card and asks for an email once", async () => {
    const page = await (await context()).newPage();
    await page.goto(`${full.url}/auth/signin`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).waitFor();
    const card = await page.locator(".card").boundingBox();
    // 802 px before the layout change, with the same four methods.
    expect(card!.height).toBeLessThan(700);
    expect(await page.locator(".divider").count()).toBe(2);
    expect(await page.getByLabel("Email", { exact: true }).count()).toBe(1);
    expect(await page.locator('input[type="email"]').count()).toBe(1);
    const logo = page.getByRole("button", { name: "Sign in with Company SSO" }).locator("img");
    expect(await logo.getAttribute("src")).toMatch(/^data:image\/svg\+xml,/);
    await page.context().close();
  });

  it("shows and hides the password under a policy without 'unsafe-inline'", async () => {
    const page = await (await context()).newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${strict.url}/auth/signin`);
    const password = page.getByLabel("Password", { exact: true });
    const toggle = page.getByRole("button", { name: "Show" });
    await password.fill("secret words");
    await toggle.click();
    expect(await password.getAttribute("type")).toBe("text");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await toggle.click();
    expect(await password.getAttribute("type")).toBe("password");
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it("after a failed sign-in, puts neither the username nor the password in the URL or the page", async () => {
    const page = await (await context()).newPage();
    await page.goto(`${strict.url}/auth/signin`);
    await page.getByLabel("Username").fill("ada");
    await page.getByLabel("Password", { exact: true }).fill("wrong-secret");
    await page.getByRole("button", { name: "Sign in with Password" }).click();
    await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
    expect(page.url()).not.toContain("wrong-secret");
    // The URL lands in history and server logs: the username is not echoed there (it was, as ?username=ada).
    expect(page.url()).not.toContain("ada");
    expect(await page.getByLabel("Username").inputValue()).toBe("");
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
    expect(await page.getByRole("alert").textContent()).toContain("Sign-in failed");
    await page.context().close();
  });

  it("names the address on Check your email, escaped", async () => {
    const page = await (await context()).newPage();
    await page.goto(`${full.url}/auth/signin`);
    await page.getByLabel("Email", { exact: true }).fill("grace@example.com");
    await page.getByRole("button", { name: "Sign in with Email" }).click();
    await page.waitForURL((url) => url.pathname === "/auth/verify-request");
    expect(await page.locator("main p").first().textContent()).toContain("grace@example.com");
    await page.goto(`${full.url}/auth/verify-request?provider=email&type=email&email=${encodeURIComponent("<b>x</b>@example.com")}`);
    expect(await page.locator("main b").count()).toBe(0);
    expect(await page.locator("main p").first().textContent()).toContain("<b>x</b>@example.com");
    await page.context().close();
  });
});

describe("the pages in other languages", () => {
  it("renders the sign-in, check-your-email and error pages in Japanese", async () => {
    const page = await (await context("ja-JP")).newPage();
    await page.goto(`${full.url}/auth/signin`);
    expect(await page.locator("html").getAttribute("lang")).toBe("ja");
    expect(await page.title()).toBe("サインイン");
    expect(await page.locator("h1").textContent()).toBe("サインイン");
    await page.getByRole("button", { name: "パスキーでサインイン" }).waitFor();
    expect(await page.getByRole("button", { name: "Company SSO でサインイン" }).count()).toBe(1);
    expect(await page.locator(".divider").first().textContent()).toBe("または");
    expect(await page.getByRole("button", { name: "表示" }).count()).toBe(1);
    await page.getByLabel("メールアドレス", { exact: true }).fill("hana@example.com");
    await page.getByRole("button", { name: "メールでサインイン" }).click();
    await page.waitForURL((url) => url.pathname === "/auth/verify-request");
    expect(await page.locator("h1").textContent()).toBe("メールを確認してください");
    expect(await page.locator("main p").first().textContent()).toContain("hana@example.com にお送りしました");
    await page.goto(`${full.url}/auth/error?error=Configuration`);
    expect(await page.locator("h1").textContent()).toBe("サーバーエラー");
    expect(await page.getByRole("link", { name: "ホームページへ" }).getAttribute("href")).toBe("/");
    await page.context().close();
  });

  it("renders the sign-in, sign-out and error pages in German", async () => {
    const page = await (await context("de-DE")).newPage();
    await page.goto(`${full.url}/auth/signin?error=CredentialsSignin`);
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    expect(await page.locator("h1").textContent()).toBe("Anmelden");
    expect(await page.getByRole("alert").first().textContent()).toBe("Die Anmeldung ist fehlgeschlagen. Prüfen Sie Ihre Angaben und versuchen Sie es erneut.");
    expect(await page.getByRole("button", { name: "Mit Password anmelden" }).count()).toBe(1);
    expect(await page.getByLabel("E-Mail-Adresse", { exact: true }).count()).toBe(1);
    await page.goto(`${full.url}/auth/signout`);
    expect(await page.locator("h1").textContent()).toBe("Abmelden");
    expect(await page.locator("main p").textContent()).toBe("Möchten Sie sich wirklich abmelden?");
    await page.goto(`${full.url}/auth/callback/nope`);
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    expect(await page.locator("h1").textContent()).toBe("Ungültige Anfrage");
    expect(await page.getByRole("link", { name: "Zurück zur Anmeldung" }).count()).toBe(1);
    await page.context().close();
  });
});
