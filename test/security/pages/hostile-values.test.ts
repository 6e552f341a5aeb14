/**
 * Every value that reaches the built-in pages, made hostile at once and rendered in Chromium: provider names
 * and styles, credentials labels, theme options (colours, logo, colour scheme), message overrides, the
 * `error`, `callbackUrl` and `email` query parameters, and the session list's user-agent text. Each payload
 * would set `window.__xss`, open a dialog or load an attacker's URL; none may, and the page policy must not
 * have had to block anything (a blocked inline script means the escaping failed and only the policy held).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { createAuth, type AuthConfig } from "../../../src/index.js";
import Credentials from "../../../src/providers/credentials.js";
import GitHub from "../../../src/providers/github.js";
import { signInMethods } from "../../../src/providers/index.js";
import { launchChromium } from "../../helpers/browser.js";
import { startServer, type RunningServer } from "../../helpers/server.js";
import { alice, checkAlice, localClient } from "../../helpers/auth-client.js";

/** A payload for each context a value can land in: element text, an attribute, a URL, a `<style>` or `<title>`. */
const hostile = (marker: string) =>
  `</title></style>"'><script>window.__xss=${JSON.stringify(marker)}</script><img src=x onerror="window.__xss='${marker}'">`;
const hostileUrl = (marker: string) => `javascript:window.__xss='${marker}'`;
const hostileCss = (marker: string) => `red;}</style><script>window.__xss='${marker}'</script><style>body{background:url(https://attacker.example/${marker})`;

const config: AuthConfig = {
  secret: "hostile-values-secret-0123456789abcdef0123456789",
  adapter: MemoryAdapter(),
  session: { strategy: "jwt" },
  logger: { error() {}, warn() {}, debug() {} },
  theme: {
    brandColor: hostileCss("brandColor"),
    buttonText: hostileCss("buttonText"),
    logo: hostileUrl("logo"),
    colorScheme: hostileCss("colorScheme") as "auto",
  },
  messages: {
    en: {
      signIn: { title: hostile("signIn.title"), heading: hostile("signIn.heading"), errors: { default: hostile("signIn.errors") } },
      signOut: { title: hostile("signOut.title"), heading: hostile("signOut.heading"), question: hostile("signOut.question") },
      sessions: { title: hostile("sessions.title"), heading: hostile("sessions.heading"), unknownDevice: hostile("sessions.unknownDevice") },
      error: { title: () => hostile("error.title"), codes: { default: { title: hostile("error.codes"), message: hostile("error.message"), back: "signIn" } } },
      verifyRequest: { title: hostile("verifyRequest.title"), heading: hostile("verifyRequest.heading"), sentTo: (email: string) => `${hostile("verifyRequest.sentTo")}${email}` },
      emailConfirm: { heading: hostile("emailConfirm.heading"), question: (email: string) => `${hostile("emailConfirm.question")}${email}` },
      common: { signInWith: (provider: string) => `${hostile("signInWith")}${provider}` },
    },
  },
  providers: [
    Credentials({
      name: hostile("credentials.name"),
      credentials: {
        username: { label: hostile("credentials.label"), placeholder: hostile("credentials.placeholder") },
        password: { label: "Password", type: "password", onfocus: "window.__xss='onfocus'" },
      },
      authorize: (credentials) => checkAlice(credentials),
    }),
    GitHub({
      clientId: "gh-id",
      clientSecret: "gh-secret",
      name: hostile("github.name"),
      style: { logo: hostileUrl("github.logo"), bg: hostileCss("github.bg"), text: hostileCss("github.text") },
    }),
    {
      id: "email",
      name: hostile("email.name"),
      type: "email",
      maxAge: 600,
      confirm: true,
      sendVerificationRequest: async () => {},
    },
  ],
};

describe("hostile values on the built-in pages, in Chromium", () => {
  let browser: Browser;
  let server: RunningServer;
  let base: string;
  const auth = createAuth(config, { env: {}, methods: signInMethods });

  beforeAll(async () => {
    server = await startServer(auth.fetch);
    base = `${server.url}/auth`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens `path` and reports what ran, what the policy blocked, what was fetched off-site, and the policy header. */
  async function visit(path: string, prepare?: (context: BrowserContext) => Promise<void>) {
    const context = await browser.newContext();
    await prepare?.(context);
    const page: Page = await context.newPage();
    const dialogs: string[] = [];
    const blocked: string[] = [];
    const offSite: string[] = [];
    page.on("dialog", (dialog) => (dialogs.push(dialog.message()), void dialog.dismiss()));
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
    });
    page.on("request", (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith("data:")) offSite.push(request.url());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        (window as { __violations?: string[] }).__violations ??= [];
        (window as { __violations?: string[] }).__violations?.push(event.violatedDirective);
      });
    });
    const response = await page.goto(`${base}${path}`);
    await page.waitForLoadState("load");
    // Focus every field and click nothing: an injected handler on an input would fire on focus.
    for (const input of await page.locator("input:visible").all()) await input.focus();
    const ran = await page.evaluate(() => (window as { __xss?: string }).__xss ?? null);
    const violations = await page.evaluate(() => (window as { __violations?: string[] }).__violations ?? []);
    const handlers = await page.evaluate(() =>
      [...document.querySelectorAll("*")].flatMap((element) => [...element.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${element.tagName}[${a.name}]`)),
    );
    const scriptsWithoutNonce = await page.evaluate(() => [...document.scripts].filter((script) => !script.nonce).length);
    const unsafeUrls = await page.evaluate(() =>
      [...document.querySelectorAll("[src],[href],[action]")]
        .flatMap((element) => ["src", "href", "action"].map((name) => element.getAttribute(name) ?? ""))
        .filter((value) => /^\s*javascript:/i.test(value)),
    );
    const html = await page.content();
    const policy = response?.headers()["content-security-policy"] ?? "";
    await context.close();
    return { status: response?.status(), ran, dialogs, blocked, violations, offSite, handlers, scriptsWithoutNonce, unsafeUrls, policy, html };
  }

  function expectInert(result: Awaited<ReturnType<typeof visit>>) {
    expect(result.ran).toBeNull();
    expect(result.dialogs).toEqual([]);
    expect(result.blocked).toEqual([]);
    expect(result.violations).toEqual([]);
    expect(result.offSite).toEqual([]);
    expect(result.handlers).toEqual([]);
    expect(result.scriptsWithoutNonce).toBe(0);
    expect(result.unsafeUrls).toEqual([]);
    expect(result.policy).toMatch(/script-src 'nonce-[^']+'/);
    expect(result.policy).not.toContain("unsafe-inline");
  }

  const q = (marker: string) => encodeURIComponent(hostile(marker));

  it.each([
    ["the sign-in page with ?error and ?callbackUrl", `/signin?error=${q("query.error")}&callbackUrl=${q("query.callbackUrl")}`],
    ["the sign-in page with a javascript: callbackUrl", `/signin?callbackUrl=${encodeURIComponent(hostileUrl("query.callbackUrl"))}`],
    ["the sign-in page with ?email", `/signin?email=${q("query.email")}`],
    ["the error page with ?error", `/error?error=${q("query.error")}`],
    ["the error page with a known code", "/error?error=Configuration"],
    ["the sign-in page with an object key for ?error", "/signin?error=constructor"],
    ["the error page with an object key for ?error", "/error?error=__proto__"],
    ["the verify-request page with ?email", `/verify-request?provider=email&type=email&email=${q("query.email")}`],
    ["the sign-out page with ?callbackUrl", `/signout?callbackUrl=${q("query.callbackUrl")}`],
    [
      "the emailed link's confirmation page with a crafted token and callbackUrl",
      `/callback/email?token=${q("query.token")}&email=alice%40example.com&callbackUrl=${q("query.callbackUrl")}`,
    ],
    ["the emailed link's confirmation page with a crafted address", `/callback/email?token=t&email=${encodeURIComponent(`"${hostile("query.email")}"@example.com`)}`],
  ])("%s runs nothing and needs no policy block", async (_, path) => {
    expectInert(await visit(path));
  });

  it("an object key as ?error shows the default text, not a function's source", async () => {
    for (const path of ["/signin?error=constructor", "/error?error=toString", "/error?error=__proto__"]) {
      const { html } = await visit(path);
      expect(html).not.toMatch(/native code|\[object Object\]/);
      expect(html).toContain(path.startsWith("/signin") ? "signIn.errors" : "error.codes");
    }
  });

  it("the hostile texts are shown as text; the theme's colours fall back to the defaults and the hostile logo is dropped", async () => {
    const { html } = await visit("/signin?error=Unknown");
    for (const marker of ["credentials.name", "credentials.label", "github.name", "signIn.heading", "signIn.errors", "signInWith"]) {
      expect(html).toContain(`&lt;script&gt;window.__xss="${marker}"&lt;/script&gt;`);
    }
    // an email provider's button says what it does ("Sign in with email"), not the sender's name
    expect(html).not.toContain('window.__xss="email.name"');
    expect(html).toContain("--brand: #2f5bd3");
    expect(html).not.toContain("attacker.example");
    expect(html).not.toMatch(/class="logo"/);
  });

  it("the confirmation page is the one shown for a crafted link, with its texts as text", async () => {
    const { html } = await visit(`/callback/email?token=${q("query.token")}&email=alice%40example.com`);
    expect(html).toContain(`&lt;script&gt;window.__xss="emailConfirm.heading"&lt;/script&gt;`);
  });

  it("the session list runs nothing from a hostile User-Agent", async () => {
    const signedIn = localClient(auth.fetch);
    const userAgent = `Mozilla/5.0 (${hostile("ua.system")}) AppleWebKit/537.36 (KHTML, like Gecko) ${hostile("ua.browser")} Chrome/120.0 Safari/537.36`;
    await signedIn.signIn({ username: "alice", password: alice.password }, { "user-agent": userAgent });
    const cookie = signedIn.jar.get("authjs.session-token");
    expect(cookie).toBeTruthy();
    const result = await visit("/sessions", (context) =>
      context.addCookies([{ name: "authjs.session-token", value: String(cookie), url: server.url }]),
    );
    expect(result.status).toBe(200);
    expect(result.html).toContain("sessions.heading");
    expectInert(result);
  });
});
