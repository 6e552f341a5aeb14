import { describe, expect, it } from "vitest";
import { renderEmailConfirm, renderError, renderSignIn, renderSignOut, renderVerifyRequest } from "../../../pages/index.js";
import { attributeBreakout, credentials, github, hostileBrand, passkey, signInProps, xss } from "./fixtures.js";

/** The inline script tags a page is allowed to have: none, or the passkey script. */
function scriptTags(html: string): string[] {
  return html.match(/<script\b[^>]*>/gi) ?? [];
}

describe("every page", () => {
  const pages = {
    signIn: renderSignIn(signInProps()),
    signOut: renderSignOut({ theme: {}, csrfToken: "t", url: "/auth/signout" }),
    error: renderError({ theme: {}, signinUrl: "/auth/signin" }),
    verifyRequest: renderVerifyRequest({ theme: {}, host: "app.example" }),
    emailConfirm: renderEmailConfirm({
      theme: {},
      actionUrl: "/auth/callback/resend",
      token: "tok",
      email: "a@example.com",
      callbackUrl: "/",
      csrfToken: "t",
    }),
  };

  it.each(Object.entries(pages))("%s has the doctype, lang, viewport, noindex and a main", (_, page) => {
    expect(page.html.startsWith("<!DOCTYPE html><html lang=\"en\">")).toBe(true);
    expect(page.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(page.html).toContain('<meta name="robots" content="noindex"/>');
    expect(page.html).toMatch(/<main>[\s\S]*<\/main>/);
    expect(page.html).toMatch(/<title>[^<]+<\/title>/);
    expect(page.html).not.toMatch(/outline:\s*(none|0)/);
    expect(page.html).not.toMatch(/https?:\/\/(?!app\.example)/);
    expect(scriptTags(page.html)).toEqual([]);
  });

  it("status is 200 except on the error page", () => {
    expect(pages.signIn.status).toBe(200);
    expect(pages.signOut.status).toBe(200);
    expect(pages.verifyRequest.status).toBe(200);
    expect(pages.emailConfirm.status).toBe(200);
  });

  it("titles differ per page", () => {
    const titles = Object.values(pages).map((page) => page.html.match(/<title>([^<]+)<\/title>/)![1]);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe("error page status", () => {
  it.each([
    ["Configuration", 500],
    ["AccessDenied", 403],
    ["Verification", 403],
    ["Default", 200],
    ["OAuthSignin", 200],
    ["__proto__", 200],
    ["constructor", 200],
    [xss, 200],
    [undefined, 200],
  ])("%s gives %i", (error, status) => {
    expect(renderError({ theme: {}, error, signinUrl: "/auth/signin" }).status).toBe(status);
  });
});

describe("escaping", () => {
  it("never echoes the error code on the sign-in page", () => {
    const { html } = renderSignIn(signInProps({ error: xss }));
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("&lt;script&gt;alert(1)");
    expect(html).toContain("Sign-in did not work");
  });

  it("never echoes the error code on the error and verify-request pages", () => {
    for (const { html } of [
      renderError({ theme: {}, error: xss, signinUrl: "/s" }),
      renderVerifyRequest({ theme: {}, host: "h", error: xss }),
    ]) {
      expect(html).not.toContain("alert(1)");
    }
  });

  it("escapes a provider name with HTML", () => {
    const { html } = renderSignIn(signInProps({ providers: [{ ...github, name: '<img src=x onerror="alert(1)">' }] }));
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("Sign in with &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("escapes callbackUrl and csrfToken in attributes", () => {
    const { html } = renderSignIn(signInProps({ callbackUrl: attributeBreakout, csrfToken: attributeBreakout }));
    expect(html).not.toContain(attributeBreakout);
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
    expect(scriptTags(html)).toEqual([]);
  });

  it("escapes values on the other pages", () => {
    const pages = [
      renderSignOut({ theme: {}, csrfToken: attributeBreakout, url: attributeBreakout, callbackUrl: attributeBreakout }),
      renderError({ theme: {}, signinUrl: attributeBreakout }),
      renderVerifyRequest({
        theme: {},
        host: xss,
        signinUrl: attributeBreakout,
        otpUrl: attributeBreakout,
        email: attributeBreakout,
        csrfToken: attributeBreakout,
      }),
      renderEmailConfirm({
        theme: {},
        actionUrl: attributeBreakout,
        token: attributeBreakout,
        email: xss,
        callbackUrl: attributeBreakout,
        csrfToken: attributeBreakout,
      }),
    ];
    for (const { html } of pages) {
      expect(html).not.toContain(attributeBreakout);
      expect(html).not.toContain(xss);
      expect(scriptTags(html)).toEqual([]);
    }
  });

  it("escapes credential labels and drops on* attributes", () => {
    const { html } = renderSignIn(
      signInProps({
        providers: [
          {
            ...credentials,
            credentials: {
              user: {
                label: "<b>User</b>",
                placeholder: attributeBreakout,
                onfocus: "alert(1)",
                autofocus: true,
                dangerouslySetInnerHTML: { __html: xss },
              },
            },
          },
        ],
      }),
    );
    expect(html).not.toContain("<b>User</b>");
    expect(html).toContain("&lt;b&gt;User&lt;/b&gt;");
    expect(html).not.toContain(attributeBreakout);
    expect(html).not.toMatch(/onfocus/i);
    expect(html).not.toContain(xss);
    expect(html).toContain('autofocus=""');
  });

  it("builds the stylesheet only from valid theme colours", () => {
    const { html } = renderSignIn(signInProps({ theme: { brandColor: hostileBrand, buttonText: "x</style>" } }));
    expect(html).not.toContain("alert(3)");
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html).toContain("--brand: #2f5bd3;");
    expect(html).toContain("--button-text: #ffffff;");
  });

  it("uses valid theme colours", () => {
    const { html } = renderSignIn(signInProps({ theme: { brandColor: "rgb(10, 20, 30)", buttonText: "black" } }));
    expect(html).toContain("--brand: rgb(10, 20, 30);");
    expect(html).toContain("--button-text: black;");
  });

  it("drops unsafe logos and provider colours", () => {
    const { html } = renderSignIn(
      signInProps({
        theme: { logo: "javascript:alert(1)" },
        providers: [{ ...github, style: { logo: "javascript:alert(2)", bg: "red;background:url(x)", text: "blue" } }],
      }),
    );
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("url(x)");
    expect(html).not.toMatch(/<img/);
    expect(html).toContain('style="--provider-text:blue"');
  });

  it("shows safe logos", () => {
    const { html } = renderError({ theme: { logo: "https://cdn.example/logo.png" }, signinUrl: "/s" });
    expect(html).toContain('<img class="logo" src="https://cdn.example/logo.png" alt=""');
  });
});

describe("color scheme", () => {
  it("follows the system when auto or unset", () => {
    for (const theme of [{}, { colorScheme: "auto" as const }]) {
      const { html } = renderSignOut({ theme, csrfToken: "t", url: "/o" });
      expect(html).toContain("color-scheme: light dark;");
      expect(html).toContain("@media (prefers-color-scheme: dark)");
    }
  });

  it("is fixed when dark or light", () => {
    const dark = renderSignOut({ theme: { colorScheme: "dark" }, csrfToken: "t", url: "/o" }).html;
    const light = renderSignOut({ theme: { colorScheme: "light" }, csrfToken: "t", url: "/o" }).html;
    expect(dark).toContain("color-scheme: dark;");
    expect(light).toContain("color-scheme: light;");
    expect(dark).not.toContain("prefers-color-scheme");
    expect(light).not.toContain("prefers-color-scheme");
  });
});

describe("passkey section", () => {
  it("is rendered with the helper script only when both URLs are given", () => {
    const without = renderSignIn(signInProps({ providers: [passkey] })).html;
    expect(without).not.toContain("<script");
    expect(without).not.toContain("data-webauthn");

    const { html } = renderSignIn(
      signInProps({
        providers: [{ ...passkey, enableConditionalUI: true }],
        webauthnScriptUrl: "/auth/webauthn/browser.js",
        webauthnOptionsUrl: "/auth/webauthn-options/passkey",
      }),
    );
    expect(html).toContain('<script src="/auth/webauthn/browser.js"></script>');
    expect(html).toContain('data-webauthn-options="/auth/webauthn-options/passkey"');
    expect(html).toContain('autocomplete="username webauthn"');
    expect(html).toContain("SimpleWebAuthnBrowser");
  });

  it("keeps hostile URLs out of script text", () => {
    const { html } = renderSignIn(
      signInProps({
        providers: [passkey],
        callbackUrl: attributeBreakout,
        webauthnScriptUrl: attributeBreakout,
        webauthnOptionsUrl: attributeBreakout,
      }),
    );
    expect(html).not.toContain(attributeBreakout);
    expect(scriptTags(html)).toEqual(['<script src="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;">', "<script>"]);
  });

  it("has no autofill hint without conditional UI", () => {
    const { html } = renderSignIn(
      signInProps({ providers: [passkey], webauthnScriptUrl: "/s.js", webauthnOptionsUrl: "/o" }),
    );
    expect(html).not.toContain("webauthn\"");
    expect(html).not.toContain("data-conditional=");
  });
});
