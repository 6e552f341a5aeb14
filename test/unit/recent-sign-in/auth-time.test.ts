import { describe, expect, it } from "vitest";
import { authTimeOf } from "../../../src/oauth/authorize.js";
import type { ParsedOAuthProvider } from "../../../src/config/providers/provider-types.js";

const oidc = { id: "idp", type: "oidc" } as ParsedOAuthProvider;
const oauth = { id: "gh", type: "oauth" } as ParsedOAuthProvider;
const now = 1_800_000_000;

describe("the ID token's auth_time", () => {
  it("is the proof's time on a plain sign-in, never later than now", () => {
    expect(authTimeOf(oidc, { auth_time: now - 3600 }, undefined, now)).toBe(now - 3600);
    expect(authTimeOf(oidc, { auth_time: now + 3600 }, undefined, now)).toBe(now);
    expect(authTimeOf(oidc, {}, undefined, now)).toBeUndefined();
  });

  it("is not read from a plain OAuth profile, which nobody signed", () => {
    expect(authTimeOf(oauth, { auth_time: now - 10 }, 600, now)).toBeUndefined();
  });

  it("must be within max_age when max_age was sent: a provider's old session is no sign-in again", () => {
    expect(authTimeOf(oidc, { auth_time: now - 600 }, 600, now)).toBe(now - 600);
    expect(() => authTimeOf(oidc, { auth_time: now - 700 }, 600, now)).toThrow(/did not sign in again/);
    expect(() => authTimeOf(oidc, {}, 600, now)).toThrow(/no auth_time/);
    expect(() => authTimeOf(oidc, { auth_time: "recently" }, 600, now)).toThrow(/no auth_time/);
  });
});
