import { ceremonies } from "../flows/webauthn/index.js";
import { webauthnCeremonies, type WebAuthnProviderConfig } from "./types.js";

/** Milliseconds the browser gives the user to finish a ceremony. */
export const webauthnTimeout = 5 * 60 * 1000;

export type WebAuthnOptions = Partial<WebAuthnProviderConfig>;

/**
 * Sign-in with WebAuthn credentials: security keys, platform authenticators, passkeys. User verification
 * is asked for but not required; use `sekisho/providers/passkey` to require it and discoverable credentials.
 *
 * Experimental: needs `experimental: { enableWebAuthn: true }` and an adapter with the authenticator methods.
 * The relying party is the request's host unless `relyingParty` (`{ id, name, origin }`) says otherwise,
 * as it must behind a proxy that rewrites the host. Each field may be a list: the first is used in the
 * options, all are accepted when verifying.
 */
export default function WebAuthn(options: WebAuthnOptions = {}): WebAuthnProviderConfig {
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
    [webauthnCeremonies]: ceremonies,
    options,
  };
}
