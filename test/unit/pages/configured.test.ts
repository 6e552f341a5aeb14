import { describe, expect, it } from "vitest";
import { errorPage, signInPage, signOutPage, verifyRequestPage } from "../../../pages/configured.js";
import { renderError, renderSignOut, renderVerifyRequest } from "../../../pages/index.js";
import { messages } from "../../../pages/messages.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { AuthConfig } from "../../../src/config/config-types.js";
import type { ResolvedConfig } from "../../../src/config/resolved-config.js";
import { createAuth } from "../../helpers/plain-providers.js";
import Credentials from "../../../src/providers/credentials.js";
import GitHub from "../../../src/providers/github.js";
import Passkey from "../../../src/providers/passkey.js";

const hostile = `"<>&'`;
const escaped = "&quot;&lt;&gt;&amp;&#39;";
const baseUrl = "https://app.example/auth";
const request = new Request(`${baseUrl}/signin`);
/** The nonce a response would carry: these tests look at the pages, not the headers. */
const nonce = "0123456789abcdef0123456789abcdef";

function resolved(config: Partial<AuthConfig>): Promise<ResolvedConfig> {
  const defaults = { secret: "configured-pages-secret-0123456789abcdef", adapter: MemoryAdapter() };
  return createAuth({ ...defaults, providers: [], ...config } as AuthConfig, { env: {} }).resolveConfig();
}

const github = () => GitHub({ clientId: "id", clientSecret: "secret" });
const credentials = () => Credentials({ credentials: { username: { label: "Username" } }, authorize: async () => null });
const email = { id: "email", name: "Email", type: "email" as const, otp: true, sendVerificationRequest: async () => {} };

function scriptTags(html: string): string[] {
  return html.match(/<script\b[^>]*>/gi) ?? [];
}

describe("the cached sign-in page", () => {
  it("escapes callbackUrl, csrfToken, email and the base URL, and never shows the error code", async () => {
    const config = await resolved({ providers: [github(), credentials(), email] });
    await signInPage(config, { request, nonce }, undefined, { baseUrl, csrfToken: "t", callbackUrl: "/", email: "a@example.com" });
    const { html, status } = await signInPage(config, { request, nonce }, hostile, {
      baseUrl: `${baseUrl}${hostile}`,
      csrfToken: hostile,
      callbackUrl: hostile,
      email: hostile,
    });
    expect(status).toBe(200);
    expect(html).not.toContain(hostile);
    expect(html.match(new RegExp(`name="csrfToken" value="${escaped}"`, "g"))).toHaveLength(3);
    expect(html.match(new RegExp(`name="callbackUrl" value="${escaped}"`, "g"))).toHaveLength(3);
    expect(html).toContain(`action="${baseUrl}${escaped}/signin/github"`);
    expect(html).toContain(`action="${baseUrl}${escaped}/callback/credentials"`);
    expect(html).toContain(`value="${escaped}" id="email-email"`);
    expect(html).toContain(messages.signIn.errors.default);
    expect(scriptTags(html)).toEqual([]);
  });

  it("shows the text for the request's error only", async () => {
    const config = await resolved({ providers: [github()] });
    const slots = { baseUrl, csrfToken: "t", callbackUrl: "/" };
    const plain = await signInPage(config, { request, nonce }, undefined, slots);
    const linked = await signInPage(config, { request, nonce }, "OAuthAccountNotLinked", slots);
    const unknown = await signInPage(config, { request, nonce }, "SomethingElse", slots);
    expect(plain.html).not.toContain('role="alert"');
    expect(linked.html).toContain(messages.signIn.errors.OAuthAccountNotLinked);
    expect(unknown.html).toContain(messages.signIn.errors.default);
    expect(unknown.html).not.toContain("SomethingElse");
    expect((await signInPage(config, { request, nonce }, undefined, slots)).html).toBe(plain.html);
  });

  it("leaves the email input empty when the request has no email", async () => {
    const config = await resolved({ providers: [email] });
    await signInPage(config, { request, nonce }, undefined, { baseUrl, csrfToken: "t", callbackUrl: "/", email: "a@example.com" });
    const { html } = await signInPage(config, { request, nonce }, undefined, { baseUrl, csrfToken: "t", callbackUrl: "/" });
    expect(html).not.toContain("a@example.com");
    expect(html).toMatch(/<input type="email"(?![^>]*value=)[^>]*id="email-email"/);
  });

  it("is never shared between two configurations", async () => {
    const a = await resolved({ providers: [github()], theme: { brandColor: "#aa0000" } });
    const b = await resolved({ providers: [credentials()], theme: { brandColor: "#0000aa" } });
    const slots = { baseUrl, csrfToken: "t", callbackUrl: "/" };
    const pageA = await signInPage(a, { request, nonce }, undefined, slots);
    const pageB = await signInPage(b, { request, nonce }, undefined, slots);
    expect(pageA.html).toContain("Sign in with GitHub");
    expect(pageA.html).toContain("--brand: #aa0000;");
    expect(pageB.html).not.toContain("GitHub");
    // The Credentials provider's default name is not shown: its button says "Sign in", in the page's language.
    expect(pageB.html).toContain('<button class="button" type="submit">Sign in</button>');
    expect(pageB.html).toContain("--brand: #0000aa;");
    expect((await signInPage(a, { request, nonce }, undefined, slots)).html).toBe(pageA.html);
  });

  it("has the passkey form and scripts for a WebAuthn provider", async () => {
    const config = await resolved({ providers: [Passkey()], experimental: { enableWebAuthn: true } });
    const { html } = await signInPage(config, { request, nonce }, undefined, { baseUrl: `${baseUrl}${hostile}`, csrfToken: "t", callbackUrl: "/" });
    expect(scriptTags(html)).toEqual([`<script nonce="${nonce}" src="${baseUrl}${escaped}/webauthn-script">`, `<script nonce="${nonce}">`]);
    expect(html).toContain(`data-webauthn-options="${baseUrl}${escaped}/webauthn-options/passkey"`);
  });
});

describe("the other cached pages", () => {
  it("match a fresh render, with every value escaped", async () => {
    const config = await resolved({ providers: [github()], theme: { logo: "https://cdn.example/logo.png" } });
    const { theme } = config;
    const signOut = { csrfToken: hostile, url: `/o${hostile}`, callbackUrl: hostile };
    expect(await signOutPage(config, { request, nonce }, signOut)).toEqual(renderSignOut({ theme, ...signOut }));
    const verify = { host: hostile, signinUrl: hostile, otpUrl: hostile, email: hostile, csrfToken: hostile };
    expect(await verifyRequestPage(config, { request, nonce }, hostile, verify)).toEqual(renderVerifyRequest({ theme, ...verify, error: hostile }));
    expect(await verifyRequestPage(config, { request, nonce }, undefined, { host: hostile, signinUrl: hostile })).toEqual(
      renderVerifyRequest({ theme, host: hostile, signinUrl: hostile }),
    );
    for (const error of [undefined, "Configuration", "AccessDenied", "Verification", "default", "__proto__", hostile]) {
      expect(await errorPage(config, { request, nonce }, error, { signinUrl: hostile })).toEqual(renderError({ theme, error, signinUrl: hostile }));
    }
  });
});
