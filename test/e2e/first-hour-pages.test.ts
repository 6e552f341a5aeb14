/**
 * What a new user hit on the built-in pages (issue 26, items 6, 7 and 9), in Chromium: a sign-in started in two
 * tabs reads as that (400, a button that starts it again), not as a server fault; a mistyped one-time code
 * says so with the tries left; a passkey tried at 127.0.0.1 says to use localhost; the sign-in page names the
 * site, focuses its first field, checks required fields in the browser, never puts the username in the URL,
 * names email sign-in for what it does, in the reader's language, and shows the providers' brand marks.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allLocales } from "../../pages/locales.js";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { AuthConfig } from "../../src/index.js";
import GitHub from "../../src/providers/github.js";
import Passkey from "../../src/providers/passkey.js";
import Credentials from "../../src/providers/credentials.js";
import { quietLogger } from "../helpers/auth-client.js";
import { launchChromium } from "../helpers/browser.js";
import { createAuth } from "../helpers/plain-providers.js";
import { startServer, type RunningServer } from "../helpers/server.js";
import { addPlatformAuthenticator } from "../helpers/virtual-authenticator.js";

const codes: string[] = [];

/** The IdP's authorization page; the sign-in never gets further than it. */
let idp: RunningServer;

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: "first-hour-pages-secret-0123456789abcdef0123",
    trustHost: true,
    logger: quietLogger,
    adapter: MemoryAdapter(),
    session: { strategy: "jwt" },
    experimental: { enableWebAuthn: true },
    messages: allLocales,
    providers: [
      GitHub({ clientId: "id", clientSecret: "secret" }),
      {
        id: "company",
        name: "Company SSO",
        type: "oauth",
        authorization: `${idp.url}/authorize`,
        token: `${idp.url}/token`,
        userinfo: `${idp.url}/userinfo`,
        clientId: "id",
        clientSecret: "secret",
      },
      {
        id: "nodemailer",
        name: "Nodemailer",
        type: "email",
        otp: true,
        sendVerificationRequest: async ({ otp }: { otp?: string }) => void codes.push(otp!),
      },
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: async ({ username, password }) => (username === "ada" && password === "right" ? { id: "1", name: "Ada" } : null),
      }),
      Passkey(),
    ],
    ...overrides,
  } as AuthConfig;
}

let browser: Browser | undefined;
let server: RunningServer;
let withErrorPage: RunningServer;

beforeAll(async () => {
  idp = await startServer(() => new Response("<title>IdP</title>", { headers: { "content-type": "text/html" } }));
  server = await startServer(createAuth(config(), { env: {} }).fetch);
  withErrorPage = await startServer(createAuth(config({ pages: { error: "/app-error" } }), { env: {} }).fetch);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await withErrorPage?.close();
  await idp?.close();
});

async function context(locale = "en-US"): Promise<BrowserContext> {
  browser ??= await launchChromium();
  return browser.newContext({ locale });
}

/** Starts the Company SSO sign-in from the sign-in page; the state the IdP was sent. */
async function startCompany(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/auth/signin`);
  await page.getByRole("button", { name: "Sign in with Company SSO" }).click();
  await page.waitForURL((url) => url.origin === idp.url);
  return new URL(page.url()).searchParams.get("state")!;
}

describe("a sign-in started in two tabs", () => {
  it("answers the first tab's callback with 400 and a button that starts the provider again", async () => {
    const browsing = await context();
    const first = await browsing.newPage();
    const second = await browsing.newPage();
    const firstState = await startCompany(first, server.url);
    await startCompany(second, server.url);
    // The first tab comes back from the IdP after the second tab replaced the check cookies.
    const response = await first.goto(`${server.url}/auth/callback/company?state=${firstState}&code=abc`);
    expect(response!.status()).toBe(400);
    expect(await first.locator("h1").textContent()).toBe("This sign-in expired or was started in another tab");
    expect(await first.content()).not.toMatch(/Server error|not set up correctly/);
    await first.getByRole("button", { name: "Sign in with Company SSO again" }).click();
    await first.waitForURL((url) => url.origin === idp.url);
    expect(new URL(first.url()).searchParams.get("state")).toMatch(/^[0-9a-f]{64}$/);
    expect(await first.getByRole("link", { name: "Other ways to sign in" }).count()).toBe(0);
    await browsing.close();
  });

  it("says so in the reader's language", async () => {
    const browsing = await context("de-DE");
    const page = await browsing.newPage();
    const response = await page.goto(`${server.url}/auth/callback/company?state=stale&code=abc`);
    expect(response!.status()).toBe(400);
    expect(await page.locator("h1").textContent()).toBe("Diese Anmeldung ist abgelaufen oder wurde in einem anderen Tab begonnen");
    expect(await page.getByRole("button", { name: "Erneut mit Company SSO anmelden" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Andere Anmeldemöglichkeiten" }).getAttribute("href")).toBe("/auth/signin".replace(/^/, server.url));
    await browsing.close();
  });

  it("answers a script with 400 JSON, and sends a browser to the app's error page when it has one", async () => {
    const script = await fetch(`${server.url}/auth/callback/company?state=stale&code=abc`, { headers: { accept: "application/json" } });
    expect(script.status).toBe(400);
    expect(await script.json()).toMatchObject({ error: "InvalidCheck", message: expect.stringContaining("another tab") });
    const browsing = await context();
    const page = await browsing.newPage();
    await page.goto(`${withErrorPage.url}/auth/callback/company?state=stale&code=abc`);
    expect(new URL(page.url()).pathname).toBe("/app-error");
    expect(new URL(page.url()).searchParams.get("error")).toBe("Configuration");
    await browsing.close();
  });
});

describe("a mistyped one-time code", () => {
  it("says the code is not right and how many tries are left, and the right code still works", async () => {
    const browsing = await context();
    const page = await browsing.newPage();
    await page.goto(`${server.url}/auth/signin`);
    await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
    await page.getByRole("button", { name: "Sign in with email" }).click();
    await page.waitForURL((url) => url.pathname === "/auth/verify-request");
    const code = codes.at(-1)!;
    await page.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Sign in with code" }).click();
    await page.waitForURL((url) => url.searchParams.get("error") === "Verification");
    const alert = await page.getByRole("alert").textContent();
    expect(alert).toContain("That code is not right");
    expect(alert).toContain("You can try 4 more times.");
    expect(alert).not.toContain("Ask for a new one");
    await page.getByLabel("Code").fill(code);
    await page.getByRole("button", { name: "Sign in with code" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/auth/"));
    expect(await (await page.request.get(`${server.url}/auth/session`)).json()).toMatchObject({ user: { email: "ada@example.com" } });
    await browsing.close();
  });
});

describe("a passkey at 127.0.0.1", () => {
  it("says to open the page at localhost", async () => {
    const browsing = await context();
    const page = await browsing.newPage();
    await addPlatformAuthenticator(browsing, page);
    await page.goto(`${server.url}/auth/signin`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    const alert = page.locator("[data-webauthn-error]");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      "Passkeys do not work at an IP address such as 127.0.0.1. Open this page at localhost instead.",
    );
    await browsing.close();
  });
});

describe("the sign-in page", () => {
  it("names the site, focuses the first field and checks required fields before sending", async () => {
    const browsing = await context();
    const page = await browsing.newPage();
    const posted: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posted.push(request.url()));
    await page.goto(`${server.url}/auth/signin`);
    expect(await page.locator(".brand").textContent()).toBe(new URL(server.url).host);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("nodemailer-email");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("button", { name: "Sign in with email" }).click();
    expect(posted).toEqual([]);
    expect(await page.locator("#credentials-username:invalid").count()).toBe(1);
    await browsing.close();
  });

  it("names email sign-in for what it does, in the reader's language, and keeps the provider's name on the wire", async () => {
    const browsing = await context("de-DE");
    const page = await browsing.newPage();
    await page.goto(`${server.url}/auth/signin`);
    expect(await page.getByRole("button", { name: "Mit E-Mail anmelden" }).count()).toBe(1);
    expect(await page.getByText("Nodemailer").count()).toBe(0);
    // The Credentials provider without a name of its own, and its inputs without labels.
    expect(await page.getByRole("button", { name: "Anmelden", exact: true }).count()).toBe(1);
    expect(await page.getByLabel("Benutzername").count()).toBe(1);
    expect(await page.getByLabel("Passwort", { exact: true }).count()).toBe(1);
    const providers = await (await page.request.get(`${server.url}/auth/providers`)).json();
    expect(providers.nodemailer.name).toBe("Nodemailer");
    expect(providers.credentials.name).toBe("Credentials");
    await browsing.close();
  });

  it("shows GitHub's mark, not a letter, and a monogram for a provider without one", async () => {
    const browsing = await context();
    const page = await browsing.newPage();
    await page.goto(`${server.url}/auth/signin`);
    const logo = async (name: string) =>
      decodeURIComponent((await page.getByRole("button", { name }).locator("img").getAttribute("src"))!);
    expect(await logo("Sign in with GitHub")).toMatch(/^data:image\/svg\+xml,<svg[^>]*><path d="M12 .297/);
    expect(await logo("Sign in with GitHub")).not.toContain("<text");
    expect(await logo("Sign in with Company SSO")).toContain(">C</text>");
    await browsing.close();
  });
});
