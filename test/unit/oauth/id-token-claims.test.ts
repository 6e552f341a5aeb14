import { describe, expect, it } from "vitest";
import { checkClaims } from "../../../src/oauth/id-token-claims.js";
import type { TokenErrorCode } from "../../../src/oauth/token-error.js";
import { clientId, issuer, validClaims } from "./signed-tokens.js";

const now = 1_750_000_000;
const expected = { issuer, audience: clientId };
const check = (changes: Record<string, unknown>) => () => checkClaims({ ...validClaims(now), ...changes }, expected, now);

function expectRefused(changes: Record<string, unknown>, code: TokenErrorCode, message: RegExp) {
  expect(check(changes)).toThrow(expect.objectContaining({ code, message: expect.stringMatching(message) }));
}

describe("ID token claims", () => {
  it("accepts the claims of a fresh token for this client, and returns them", () => {
    const claims = { ...validClaims(now), email: "a@example.com" };
    expect(checkClaims(claims, expected, now)).toBe(claims);
  });

  it.each(["iss", "sub", "aud", "exp", "iat"])('requires "%s"', (name) => {
    expectRefused({ [name]: undefined }, "ERR_JWT_CLAIM_VALIDATION_FAILED", new RegExp(`"${name}" claim is missing`));
  });

  it("refuses another issuer", () => {
    expectRefused({ iss: "https://evil.example" }, "ERR_JWT_CLAIM_VALIDATION_FAILED", /"iss"/);
    expectRefused({ iss: `${issuer}/` }, "ERR_JWT_CLAIM_VALIDATION_FAILED", /"iss"/);
  });

  it("refuses a sub that is not a string", () => {
    expectRefused({ sub: 42 }, "ERR_JWT_CLAIM_VALIDATION_FAILED", /"sub"/);
  });

  it("accepts an aud array that includes this client, and refuses any other audience", () => {
    expect(check({ aud: ["other", clientId] })).not.toThrow();
    expectRefused({ aud: "other" }, "ERR_JWT_CLAIM_VALIDATION_FAILED", /"aud"/);
    expectRefused({ aud: ["other"] }, "ERR_JWT_CLAIM_VALIDATION_FAILED", /"aud"/);
    expectRefused({ aud: { [clientId]: true } }, "ERR_JWT_CLAIM_VALIDATION_FAILED", /"aud"/);
  });

  it("refuses an expired token, allowing 15 seconds of clock skew", () => {
    expect(check({ exp: now - 14 })).not.toThrow();
    expectRefused({ exp: now - 15 }, "ERR_JWT_EXPIRED", /"exp"/);
    expectRefused({ exp: now - 3600 }, "ERR_JWT_EXPIRED", /"exp"/);
  });

  it("refuses a token not valid yet (nbf), allowing 15 seconds of clock skew", () => {
    expect(check({ nbf: now + 15 })).not.toThrow();
    expectRefused({ nbf: now + 16 }, "ERR_JWT_CLAIM_VALIDATION_FAILED", /"nbf"/);
  });

  it("refuses a token issued in the future (iat), allowing 15 seconds of clock skew", () => {
    expect(check({ iat: now + 15 })).not.toThrow();
    expectRefused({ iat: now + 16 }, "ERR_JWT_CLAIM_VALIDATION_FAILED", /"iat"/);
  });

  it.each([
    ["exp", String(1_750_000_600)],
    ["iat", "now"],
    ["nbf", null],
    ["exp", Number.POSITIVE_INFINITY],
  ])('refuses a "%s" that is not a number: %s', (name, value) => {
    expectRefused({ [name]: value }, "ERR_JWT_CLAIM_VALIDATION_FAILED", new RegExp(`"${name}" claim is not a number`));
  });
});
