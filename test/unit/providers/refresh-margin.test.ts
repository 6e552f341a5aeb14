/** When a stored access token is due for a refresh: the skew, bounded by half the token's lifetime. */
import { describe, expect, it } from "vitest";
import type { ParsedOAuthProvider } from "../../../src/config/providers/provider-types.js";
import { isDue } from "../../../src/session/provider-tokens/renew.js";

const provider = (accessTokenSkew?: number) => ({ id: "idp", accessTokenSkew }) as ParsedOAuthProvider;
const at = (seconds: number) => seconds * 1000;

describe("isDue", () => {
  it("a 5-second token obtained now is fresh at the default skew, and due once half its lifetime is left", () => {
    const tokens = { access_token: "a", obtained_at: 1000, expires_at: 1005 };
    expect(isDue(provider(), tokens, at(1000))).toBe(false);
    expect(isDue(provider(), tokens, at(1002.4))).toBe(false);
    expect(isDue(provider(), tokens, at(1002.5))).toBe(true);
  });

  it("a token that lives long is due at the skew", () => {
    const tokens = { access_token: "a", obtained_at: 0, expires_at: 3600 };
    expect(isDue(provider(), tokens, at(3539))).toBe(false);
    expect(isDue(provider(), tokens, at(3540))).toBe(true);
    expect(isDue(provider(10), tokens, at(3589))).toBe(false);
    expect(isDue(provider(10), tokens, at(3590))).toBe(true);
  });

  it("without the time it was obtained (a reference adapter's row), the skew alone counts", () => {
    expect(isDue(provider(), { access_token: "a", expires_at: 1005 }, at(1000))).toBe(true);
    expect(isDue(provider(2), { access_token: "a", expires_at: 1005 }, at(1002.9))).toBe(false);
  });

  it("a token without an expiry is never due", () => {
    expect(isDue(provider(), { access_token: "a", obtained_at: 1000 }, at(999_999))).toBe(false);
  });
});
