import WebAuthn, { webauthnTimeout, type WebAuthnOptions } from "./webauthn.js";
import type { WebAuthnProviderConfig } from "./types.js";

/**
 * Sign-in with passkeys: discoverable credentials (resident keys) with user verification, both required,
 * so the authenticator alone identifies and verifies the user. Experimental, like `sekisho/providers/webauthn`.
 */
export default function Passkey(options: WebAuthnOptions = {}): WebAuthnProviderConfig {
  return {
    ...WebAuthn(),
    id: "passkey",
    name: "Passkey",
    registrationOptions: {
      timeout: webauthnTimeout,
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    },
    authenticationOptions: { timeout: webauthnTimeout, userVerification: "required" },
    verifyRegistrationOptions: { requireUserVerification: true },
    verifyAuthenticationOptions: { requireUserVerification: true },
    options,
  };
}
