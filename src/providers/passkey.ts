import { ceremonies } from "../passkeys/index.js";
import type { WebAuthnProviderConfig } from "../config/providers/provider-types.js";
import { passkeyConfig, type WebAuthnOptions } from "./webauthn-config.js";

/**
 * Sign-in with passkeys: discoverable credentials (resident keys) with user verification, both required,
 * so the authenticator alone identifies and verifies the user. Experimental, like `sekisho/providers/webauthn`.
 */
export default function Passkey(options: WebAuthnOptions = {}): WebAuthnProviderConfig {
  return passkeyConfig(ceremonies, options);
}
