import { describe, expect, it } from "vitest";
import { commonPasswords } from "../../../src/password/common-passwords.js";
import { resolvePasswordOptions } from "../../../src/password/password-options.js";
import { passwordLength, policyRefusal } from "../../../src/password/password-policy.js";
import Password from "../../../src/providers/password.js";

const noFetch = (() => {
  throw new Error("no request expected");
}) as unknown as typeof fetch;
const check = (password: string, hasSecondFactor = false, options = {}) =>
  policyRefusal(resolvePasswordOptions(options), password, { email: "sam.smith@example.com", hasSecondFactor, fetch: noFetch });

describe("the password policy", () => {
  it("asks for 15 characters alone, 8 with a second factor, and accepts at least 64", async () => {
    expect(await check("fourteen chars")).toBe("PasswordTooShort");
    expect(await check("fifteen chars!!")).toBeUndefined();
    expect(await check("eight ch", true)).toBeUndefined();
    expect(await check("seven c", true)).toBe("PasswordTooShort");
    expect(await check("x".repeat(64) + "y".repeat(64))).toBeUndefined();
    expect(await check("z".repeat(129))).toBe("PasswordTooLong");
  });

  it("has no composition rules: lower-case words and spaces are fine", async () => {
    expect(await check("just some lowercase words")).toBeUndefined();
  });

  it("counts characters after NFKC, not UTF-16 units", () => {
    expect(passwordLength("🔑🔑🔑")).toBe(3);
    expect(passwordLength("ﬁ")).toBe(2);
  });

  it("refuses the shipped common passwords, in any case, and the user's own address", async () => {
    expect(await check("PasswordPassword", true)).toBe("PasswordTooCommon");
    expect(await check("qwertyuiopasdfghjkl")).toBe("PasswordTooCommon");
    expect(await check("sam.smith@example.com")).toBe("PasswordTooCommon");
    expect(await check("sam.smith", true)).toBe("PasswordTooCommon");
  });

  it("ships a list of a few hundred lower-case entries", () => {
    expect(commonPasswords.size).toBeGreaterThan(400);
    for (const entry of commonPasswords) expect(entry).toBe(entry.toLowerCase().trim());
    expect(commonPasswords.has("123456")).toBe(true);
  });
});

describe("Password() options", () => {
  it.each([
    [{ minLength: 6 }, /minLength.*from 8 to 64/],
    [{ maxLength: 32 }, /maxLength.*at least 64/],
    [{ minLengthWithSecondFactor: 20 }, /minLengthWithSecondFactor/],
    [{ scrypt: { ln: 12, r: 8, p: 1 } }, /scrypt.ln.*OWASP/],
    [{ breachedCheck: { onUnavailable: "maybe" } }, /onUnavailable.*"allow" or "refuse"/],
    [{ resetMaxAge: 10 }, /resetMaxAge/],
  ])("refuses %o at start-up, naming the option", (options, message) => {
    expect(() => Password(options as never)).toThrow(message);
  });

  it("defaults: 15 / 8 / 128, OWASP's scrypt, no breach check, no unverified sign-in", () => {
    const { password } = Password();
    expect(password).toMatchObject({
      policy: { minLength: { alone: 15, withSecondFactor: 8 }, maxLength: 128 },
      scrypt: { ln: 17, r: 8, p: 1 },
      allowUnverifiedSignIn: false,
    });
    expect(password.policy.breached).toBeUndefined();
  });
});
