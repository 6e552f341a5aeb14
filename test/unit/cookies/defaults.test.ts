import { describe, expect, it } from "vitest";
import { defaultCookies } from "../../../src/http/cookies.js";
import { defaultCookies as referenceDefaultCookies } from "../../../node_modules/@auth/core/lib/utils/cookie.js";

describe("defaultCookies", () => {
  it("names cookies with __Secure- on https, and __Host- for the CSRF cookie", () => {
    const names = Object.fromEntries(Object.entries(defaultCookies(true)).map(([kind, c]) => [kind, c.name]));
    expect(names).toEqual({
      sessionToken: "__Secure-authjs.session-token",
      callbackUrl: "__Secure-authjs.callback-url",
      csrfToken: "__Host-authjs.csrf-token",
      pkceCodeVerifier: "__Secure-authjs.pkce.code_verifier",
      state: "__Secure-authjs.state",
      nonce: "__Secure-authjs.nonce",
      webauthnChallenge: "__Secure-authjs.challenge",
      emailOtp: "__Secure-sekisho.email-otp",
      providerAccounts: "__Secure-sekisho.provider-accounts",
      sessionProof: "__Secure-sekisho.session-proof",
      trustedDevice: "__Secure-sekisho.trusted-device",
    });
  });

  it("uses bare names on http", () => {
    const names = Object.values(defaultCookies(false)).map((c) => c.name);
    expect(names).toEqual([
      "authjs.session-token",
      "authjs.callback-url",
      "authjs.csrf-token",
      "authjs.pkce.code_verifier",
      "authjs.state",
      "authjs.nonce",
      "authjs.challenge",
      "sekisho.email-otp",
      "sekisho.provider-accounts",
      "sekisho.session-proof",
      "sekisho.trusted-device",
    ]);
  });

  it("sets httpOnly, lax, path / and secure on every cookie, and 900 s on the check cookies", () => {
    for (const secure of [true, false]) {
      const cookies = defaultCookies(secure);
      for (const [kind, cookie] of Object.entries(cookies)) {
        const check = ["pkceCodeVerifier", "state", "nonce", "webauthnChallenge"].includes(kind);
        expect(cookie.options, kind).toEqual({
          httpOnly: true,
          sameSite: "lax",
          path: "/",
          secure,
          ...(check ? { maxAge: 900 } : {}),
        });
      }
    }
  });

  it("matches @auth/core's defaults, except the nonce lifetime sekisho sets to 900 s and sekisho's own cookies", () => {
    for (const secure of [true, false]) {
      const reference = referenceDefaultCookies(secure);
      const { emailOtp: _own, providerAccounts: _accounts, sessionProof: _proof, trustedDevice: _device, ...ours } = defaultCookies(secure);
      expect({ ...ours, nonce: { ...ours.nonce, options: { ...ours.nonce.options, maxAge: undefined } } }).toEqual(
        JSON.parse(JSON.stringify(reference)),
      );
    }
  });

  it("returns fresh objects, so a caller's changes do not leak", () => {
    const first = defaultCookies(true);
    first.sessionToken.options.path = "/changed";
    expect(defaultCookies(true).sessionToken.options.path).toBe("/");
  });
});
