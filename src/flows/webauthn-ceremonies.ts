import { InvalidProvider } from "../errors.js";
import { signInMethod, type WebAuthnCeremonies, type WebAuthnProviderConfig } from "../providers/types.js";

/** The ceremonies a WebAuthn provider carries; one written by hand has none. */
export function ceremoniesOf(provider: WebAuthnProviderConfig): WebAuthnCeremonies {
  const found = provider[signInMethod];
  if (!found) {
    throw new InvalidProvider(`providers[id="${provider.id}"] is a WebAuthn provider without its ceremonies. Create it with WebAuthn() from "sekisho/providers/webauthn" or Passkey() from "sekisho/providers/passkey".`);
  }
  return found;
}
