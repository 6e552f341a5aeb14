/**
 * `sekisho/providers/webauthn` where the `edge-light` export condition applies (Next.js middleware and
 * Edge routes): the same provider, without the ceremonies' @simplewebauthn/server, which Edge builds reject.
 */
import { edgeCeremonies } from "../../passkeys/edge.js";
import type { WebAuthnProviderConfig } from "../../config/providers/provider-types.js";
import { webauthnConfig, type WebAuthnOptions } from "../webauthn-config.js";

export { webauthnTimeout, type WebAuthnOptions } from "../webauthn-config.js";

export default function WebAuthn(options: WebAuthnOptions = {}): WebAuthnProviderConfig {
  return webauthnConfig(edgeCeremonies, options);
}
