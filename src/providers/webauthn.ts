import { ceremonies } from "../passkeys/index.js";
import type { WebAuthnProviderConfig } from "../config/providers/provider-types.js";
import type { SemverString } from "../config/reference-types.js";
import type { User } from "../shared-types.js";
import { webauthnConfig, type WebAuthnOptions } from "./webauthn-config.js";

export { webauthnTimeout, type WebAuthnOptions } from "./webauthn-config.js";
export { webauthnTimeout as DEFAULT_WEBAUTHN_TIMEOUT } from "./webauthn-config.js";
/** The version of @simplewebauthn/browser that the sign-in page serves, from the package itself (no CDN). */
export const DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION: SemverString = "v14.0.0";
export type { WebAuthnProviderType } from "../config/providers/reference-names.js";
export type WebAuthnConfig = WebAuthnProviderConfig;
/** The relying party a ceremony names: its id (the site's domain), name and origin. */
export type RelayingParty = { id: string; name: string; origin: string };

/**
 * The shape of the reference's `getUserInfo` option: who a ceremony is for, as an existing user or a new one.
 * sekisho's WebAuthn decides this itself (the signed-in user, else the user with the form's email), so it
 * has no such option; the type is here for code that names it.
 */
export type GetUserInfo = (
  options: unknown,
  request: Request,
) => Promise<{ user: User; exists: true } | { user: Omit<User, "id">; exists: false } | null>;

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
