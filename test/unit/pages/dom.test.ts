import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderEmailConfirm, renderError, renderSignIn, renderSignOut, renderVerifyRequest } from "../../../pages/index.js";
import { messages } from "../../../pages/messages.js";
import { launchChromium, summarize, type PageSummary } from "./browser.js";
import { attributeBreakout, credentials, email, github, google, hostileBrand, passkey, signInProps, xss } from "./fixtures.js";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
});

function expectAccessible(summary: PageSummary) {
  expect(summary.doctype).toBe("html");
  expect(summary.lang).toBe("en");
  expect(summary.robots).toBe("noindex");
  expect(summary.viewport).toBe(true);
  expect(summary.mainCount).toBe(1);
  expect(summary.headings).toHaveLength(1);
  for (const form of summary.forms) {
    for (const field of form.fields.filter((f) => f.type !== "hidden")) {
      expect(field.label, `label of ${field.name}`).not.toBeNull();
      expect(field.label).not.toBe("");
    }
    for (const button of form.buttons) expect(button).not.toBe("");
  }
}

function hiddenFields(summary: PageSummary, index: number): Record<string, string> {
  return Object.fromEntries(
    summary.forms[index].fields.filter((f) => f.type === "hidden").map((f) => [f.name, f.value]),
  );
}

describe("sign-in page in a browser", () => {
  it("has one form per provider with the right targets and hidden fields", async () => {
    const summary = await summarize(page, renderSignIn(signInProps({ email: "pre@example.com" })).html);
    expectAccessible(summary);
    expect(summary.title).toBe(messages.signIn.title);
    expect(summary.forms.map((f) => [f.action, f.method])).toEqual([
      [github.signinUrl, "post"],
      [google.signinUrl, "post"],
      [email.signinUrl, "post"],
      [credentials.callbackUrl, "post"],
    ]);
    for (let i = 0; i < 4; i++) {
      expect(hiddenFields(summary, i)).toEqual({
        csrfToken: "csrf-token-value",
        callbackUrl: "https://app.example/dashboard",
      });
    }
    expect(summary.forms[0].buttons).toEqual(["Sign in with GitHub"]);
    expect(summary.forms[1].buttons).toEqual(["Sign in with Google"]);
    expect(summary.images).toHaveLength(1);
    // oauth buttons, email, credentials: two separators between three groups
    expect(summary.separators).toBe(2);
    expect(summary.alerts).toEqual([]);
  });

  it("has a labelled email input, prefilled", async () => {
    const summary = await summarize(page, renderSignIn(signInProps({ email: "pre@example.com" })).html);
    const field = summary.forms[2].fields.find((f) => f.name === "email")!;
    expect(field).toMatchObject({ type: "email", value: "pre@example.com", label: "Email" });
    expect(field.attributes.required).toBe("");
  });

  it("labels each credential input and passes its attributes through", async () => {
    const summary = await summarize(page, renderSignIn(signInProps()).html);
    const visible = summary.forms[3].fields.filter((f) => f.type !== "hidden");
    expect(visible.map((f) => [f.name, f.type, f.label])).toEqual([
      ["username", "text", "Username"],
      ["password", "password", "Password"],
    ]);
    expect(visible[0].attributes).toMatchObject({ autocomplete: "username", required: "" });
    expect(new Set(summary.forms.flatMap((f) => f.fields.map((x) => x.id)).filter(Boolean)).size).toBe(3);
  });

  it("shows the text for an error code, and the default for an unknown one", async () => {
    const known = await summarize(page, renderSignIn(signInProps({ error: "OAuthAccountNotLinked" })).html);
    expect(known.alerts).toEqual([messages.signIn.errors.OAuthAccountNotLinked]);
    const unknown = await summarize(page, renderSignIn(signInProps({ error: "SomethingElse" })).html);
    expect(unknown.alerts).toEqual([messages.signIn.errors.default]);
    expect(unknown.text).not.toContain("SomethingElse");
  });

  it("renders hostile values as inert text", async () => {
    const html = renderSignIn({
      theme: { brandColor: hostileBrand, logo: "javascript:alert(4)" },
      csrfToken: attributeBreakout,
      callbackUrl: attributeBreakout,
      error: xss,
      providers: [
        { ...github, name: '<img src=x onerror="alert(5)">', style: { logo: "javascript:alert(6)", bg: hostileBrand } },
        {
          ...credentials,
          name: xss,
          credentials: {
            "user<x>": {
              label: '<img src=x onerror="alert(7)">',
              placeholder: attributeBreakout,
              onfocus: "alert(8)",
              onFocus: "alert(9)",
              autofocus: true,
            },
          },
        },
      ],
    }).html;
    const summary = await summarize(page, html);
    expect(summary.dialogs).toEqual([]);
    expect(summary.scripts).toEqual([]);
    expect(summary.eventHandlers).toEqual([]);
    expect(summary.images).toEqual([]);
    expect(summary.styleElements).toBe(1);
    expect(summary.brandColor).toBe("#2f5bd3");
    expect(summary.forms).toHaveLength(2);
    expect(hiddenFields(summary, 0)).toEqual({ csrfToken: attributeBreakout, callbackUrl: attributeBreakout });
    expect(summary.forms[0].buttons).toEqual(['Sign in with <img src=x onerror="alert(5)">']);
    const field = summary.forms[1].fields.find((f) => f.type !== "hidden")!;
    expect(field).toMatchObject({ name: "user<x>", label: '<img src=x onerror="alert(7)">' });
    expect(field.attributes.placeholder).toBe(attributeBreakout);
    expect(summary.alerts).toEqual([messages.signIn.errors.default]);
  });

  it("shows the passkey group only once the helper script finds WebAuthn support", async () => {
    const props = signInProps({
      providers: [github, passkey],
      webauthnScriptUrl: "/missing.js",
      webauthnOptionsUrl: "/auth/webauthn-options/passkey",
    });
    const summary = await summarize(page, renderSignIn(props).html);
    expect(summary.scripts).toEqual([{ src: "/missing.js" }, { src: null }]);
    expect(summary.forms[1].action).toBe(passkey.callbackUrl);
    // The helper did not load, so the group stays hidden and its alert is not shown.
    expect(summary.text).not.toContain(messages.signIn.passkeyButton);
    expect(summary.dialogs).toEqual([]);
  });
});

describe("other pages in a browser", () => {
  it("sign-out posts the CSRF token and callback URL to the signout route", async () => {
    const summary = await summarize(
      page,
      renderSignOut({ theme: {}, csrfToken: "tok", url: "/auth/signout", callbackUrl: "/bye" }).html,
    );
    expectAccessible(summary);
    expect(summary.forms).toHaveLength(1);
    expect(summary.forms[0]).toMatchObject({ action: "/auth/signout", method: "post", buttons: ["Sign out"] });
    expect(hiddenFields(summary, 0)).toEqual({ csrfToken: "tok", callbackUrl: "/bye" });
  });

  it.each([
    ["Configuration", "Configuration"],
    ["AccessDenied", "AccessDenied"],
    ["Verification", "Verification"],
    ["Whatever", "default"],
  ] as const)("error page for %s", async (code, entry) => {
    const summary = await summarize(page, renderError({ theme: {}, error: code, signinUrl: "/auth/signin" }).html);
    expectAccessible(summary);
    const text = messages.error.codes[entry];
    expect(summary.headings).toEqual([text.title]);
    expect(summary.text).toContain(text.message);
    expect(summary.text).not.toContain("Whatever");
    const back = text.back === "signIn" ? { href: "/auth/signin", text: messages.common.backToSignIn } : { href: "/", text: messages.common.backHome };
    expect(summary.links).toEqual([back]);
  });

  it("error page with a hostile code stays inert", async () => {
    const summary = await summarize(page, renderError({ theme: {}, error: xss, signinUrl: attributeBreakout }).html);
    expect(summary.dialogs).toEqual([]);
    expect(summary.scripts).toEqual([]);
    expect(summary.links).toEqual([{ href: attributeBreakout, text: messages.common.backToSignIn }]);
  });

  it("verify-request names the host and offers the code form", async () => {
    const summary = await summarize(
      page,
      renderVerifyRequest({
        theme: {},
        host: "app.example",
        signinUrl: "/auth/signin",
        otpUrl: "/auth/callback/resend",
        email: "a@example.com",
        csrfToken: "tok",
      }).html,
    );
    expectAccessible(summary);
    expect(summary.text).toContain("app.example");
    expect(summary.forms).toHaveLength(1);
    expect(summary.forms[0].action).toBe("/auth/callback/resend");
    expect(hiddenFields(summary, 0)).toEqual({ csrfToken: "tok", email: "a@example.com" });
    const code = summary.forms[0].fields.find((f) => f.name === "code")!;
    expect(code).toMatchObject({ label: "Code", type: "text" });
    expect(code.attributes).toMatchObject({ autocomplete: "one-time-code", inputmode: "numeric" });
  });

  it("verify-request asks for the email when it is not known, and has no form without otpUrl", async () => {
    const withCode = await summarize(page, renderVerifyRequest({ theme: {}, host: "h", otpUrl: "/otp" }).html);
    expectAccessible(withCode);
    expect(withCode.forms[0].fields.map((f) => [f.name, f.type])).toEqual([
      ["email", "email"],
      ["code", "text"],
    ]);
    const plain = await summarize(page, renderVerifyRequest({ theme: {}, host: "h" }).html);
    expect(plain.forms).toEqual([]);
    expect(plain.links).toEqual([]);
  });

  it("email confirmation is one button posting the token", async () => {
    const summary = await summarize(
      page,
      renderEmailConfirm({
        theme: {},
        actionUrl: "/auth/callback/resend",
        token: "tok123",
        email: "a@example.com",
        callbackUrl: "/home",
        csrfToken: "csrf",
      }).html,
    );
    expectAccessible(summary);
    expect(summary.forms).toHaveLength(1);
    expect(summary.forms[0]).toMatchObject({ action: "/auth/callback/resend", method: "post", buttons: ["Confirm sign-in"] });
    expect(hiddenFields(summary, 0)).toEqual({ token: "tok123", email: "a@example.com", callbackUrl: "/home", csrfToken: "csrf" });
    expect(summary.text).toContain("a@example.com");
  });
});
