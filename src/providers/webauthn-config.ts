import { signInMethod, type WebAuthnCeremonies, type WebAuthnProviderConfig } from "./types.js";

/** Milliseconds the browser gives the user to finish a ceremony. */
export const webauthnTimeout = 5 * 60 * 1000;

export type WebAuthnOptions = Partial<WebAuthnProviderConfig>;

/** The WebAuthn provider with the given ceremonies: the full ones, or the Edge build's (see ../flows/webauthn/edge.ts). */
export function webauthnConfig(ceremonies: WebAuthnCeremonies, options: WebAuthnOptions): WebAuthnProviderConfig {
  return {
    id: "webauthn",
    name: "WebAuthn",
    type: "webauthn",
    enableConditionalUI: true,
    registrationOptions: {
      timeout: webauthnTimeout,
      authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    },
    authenticationOptions: { timeout: webauthnTimeout, userVerification: "preferred" },
    verifyRegistrationOptions: { requireUserVerification: false },
    verifyAuthenticationOptions: { requireUserVerification: false },
    [signInMethod]: ceremonies,
    options,
  };
}

/** The passkey provider: the WebAuthn provider, with discoverable credentials and user verification required. */
export function passkeyConfig(ceremonies: WebAuthnCeremonies, options: WebAuthnOptions): WebAuthnProviderConfig {
  return {
    ...webauthnConfig(ceremonies, {}),
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
