import { ceremonies } from "../flows/webauthn/index.js";
import type { WebAuthnProviderConfig } from "../config/providers/types.js";
import { webauthnConfig, type WebAuthnOptions } from "./webauthn-config.js";

export { webauthnTimeout, type WebAuthnOptions } from "./webauthn-config.js";
export type { WebAuthnProviderType } from "../config/providers/reference-names.js";
export type WebAuthnConfig = WebAuthnProviderConfig;
/** The relying party a ceremony names: its id (the site's domain), name and origin. */
export type RelayingParty = { id: string; name: string; origin: string };

/**
 * Sign-in with WebAuthn credentials: security keys, platform authenticators, passkeys. User verification
 * is asked for but not required; `sekisho/providers/passkey` requires it and discoverable credentials.
 *
 * Experimental: needs `experimental: { enableWebAuthn: true }` and an adapter with the authenticator methods.
 * The relying party is the request's host unless `relyingParty` (`{ id, name, origin }`) says otherwise,
 * as it must behind a proxy that rewrites the host. Each field may be a list: the first is used in the
 * options, all are accepted when verifying.
 */
export default function WebAuthn(options: WebAuthnOptions = {}): WebAuthnProviderConfig {
  return webauthnConfig(ceremonies, options);
}
