import type { Ceremonies } from "../passkeys/webauthn-ceremonies.js";
import { signInMethod, type WebAuthnProviderConfig } from "../config/providers/provider-types.js";

/** Milliseconds the browser gives the user to finish a ceremony. */
export const webauthnTimeout = 5 * 60 * 1000;

export type WebAuthnOptions = Partial<WebAuthnProviderConfig>;

/**
 * The sign-in page's passkey parts. The provider module brings them with its ceremonies, as the view of its
 * sign-in method, so that only apps with a WebAuthn provider carry them; the app layer renders them.
 */
const passkeyView: Ceremonies["view"] = () => import("../../pages/passkey-form.js");

/** The WebAuthn provider with the given ceremonies: the full ones, or the Edge build's (see ../passkeys/edge.ts). */
export function webauthnConfig(ceremonies: Omit<Ceremonies, "view">, options: WebAuthnOptions): WebAuthnProviderConfig {
  const method: Ceremonies = { ...ceremonies, view: passkeyView };
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
    [signInMethod]: method,
    options,
  };
}

/** The passkey provider: the WebAuthn provider, with discoverable credentials and user verification required. */
export function passkeyConfig(ceremonies: Omit<Ceremonies, "view">, options: WebAuthnOptions): WebAuthnProviderConfig {
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
