import { InvalidProvider } from "../errors.js";
import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import { signInMethod, type WebAuthnCeremonies, type WebAuthnProviderConfig } from "../providers/types.js";

export type Ceremonies = WebAuthnCeremonies<AuthContext, Outcome>;

/** The ceremonies a WebAuthn provider carries; one written by hand has none. */
export function ceremoniesOf(provider: WebAuthnProviderConfig): Ceremonies {
  // Only flows/webauthn's `ceremonies` is ever attached: the configuration cannot name its types.
  const found = provider[signInMethod] as Ceremonies | undefined;
  if (!found) {
    throw new InvalidProvider(
      `providers[id="${provider.id}"] is a WebAuthn provider without its ceremonies. Create it with WebAuthn() from "sekisho/providers/webauthn" or Passkey() from "sekisho/providers/passkey".`,
    );
  }
  return found;
}
