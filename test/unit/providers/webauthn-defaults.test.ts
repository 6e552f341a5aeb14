import { describe, expect, it } from "vitest";
import { browserScript } from "../../../src/passkeys/browser-script.js";
import WebAuthn, { DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION, DEFAULT_WEBAUTHN_TIMEOUT } from "../../../src/providers/webauthn.js";

describe("sekisho/providers/webauthn's defaults under the reference's names", () => {
  it("DEFAULT_WEBAUTHN_TIMEOUT is five minutes, the timeout both ceremonies are given", () => {
    expect(DEFAULT_WEBAUTHN_TIMEOUT).toBe(5 * 60 * 1000);
    const provider = WebAuthn();
    expect(provider.registrationOptions?.timeout).toBe(DEFAULT_WEBAUTHN_TIMEOUT);
    expect(provider.authenticationOptions?.timeout).toBe(DEFAULT_WEBAUTHN_TIMEOUT);
  });

  it("DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION is the version of the browser script the sign-in page serves", () => {
    const served = /^\/\*! @simplewebauthn\/browser@(\d+\.\d+\.\d+) /.exec(browserScript)?.[1];
    expect(served).toBeDefined();
    expect(DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION).toBe(`v${served}`);
  });
});
