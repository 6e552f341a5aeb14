/** `sekisho/providers/passkey` under the `edge-light` export condition: see ./webauthn.ts. */
import { edgeCeremonies } from "../../passkeys/edge.js";
import type { WebAuthnProviderConfig } from "../../config/providers/provider-types.js";
import { passkeyConfig, type WebAuthnOptions } from "../webauthn-config.js";

export default function Passkey(options: WebAuthnOptions = {}): WebAuthnProviderConfig {
  return passkeyConfig(edgeCeremonies, options);
}
