import { describe, expect, it } from "vitest";
import { errorPageText, messages, signInErrorText } from "../../../pages/messages.js";

const signInCodes = [
  "OAuthSignin",
  "OAuthCallbackError",
  "OAuthCreateAccount",
  "EmailCreateAccount",
  "Callback",
  "OAuthAccountNotLinked",
  "EmailSignin",
  "EmailSignInError",
  "CredentialsSignin",
  "SessionRequired",
  "MissingCSRF",
  "Verification",
  "WebAuthnVerificationError",
];

describe("signInErrorText", () => {
  it.each(signInCodes)("has its own text for %s", (code) => {
    const text = signInErrorText(messages, code);
    expect(text.length).toBeGreaterThan(10);
    expect(text).not.toBe(messages.signIn.errors.default);
    expect(text).not.toContain(code);
  });

  it.each(["Unknown", "<script>alert(1)</script>", "", "constructor", "__proto__", "toString", "hasOwnProperty"])(
    "gives the default text for %j",
    (code) => {
      expect(signInErrorText(messages, code)).toBe(messages.signIn.errors.default);
    },
  );

  it("keeps the credentials message free of which field was wrong", () => {
    expect(signInErrorText(messages, "CredentialsSignin")).not.toMatch(/password is|username is|no such user/i);
  });
});

describe("errorPageText", () => {
  it("has a title and message per code", () => {
    const seen = new Set<string>();
    for (const code of ["Configuration", "AccessDenied", "Verification", undefined]) {
      const { title, message } = errorPageText(messages, code);
      expect(title).not.toBe("");
      expect(message).not.toBe("");
      seen.add(title);
    }
    expect(seen.size).toBe(4);
  });

  it("gives the default for unknown codes", () => {
    expect(errorPageText(messages, "Nope")).toBe(messages.error.codes.default);
    expect(errorPageText(messages, "__proto__")).toBe(messages.error.codes.default);
    expect(errorPageText(messages, "<img src=x onerror=alert(1)>")).toBe(messages.error.codes.default);
  });

  it("leads home from a configuration error, where sign-in cannot work", () => {
    expect(errorPageText(messages, "Configuration").back).toBe("home");
    expect(errorPageText(messages, "AccessDenied").back).toBe("signIn");
  });
});

describe("interpolated texts", () => {
  it("put the value in", () => {
    expect(messages.common.signInWith("GitHub")).toBe("Sign in with GitHub");
    expect(messages.verifyRequest.sent("example.com")).toContain("example.com");
    expect(messages.emailConfirm.question("a@example.com")).toContain("a@example.com");
  });
});
