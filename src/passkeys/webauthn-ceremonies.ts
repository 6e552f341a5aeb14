import { InvalidProvider } from "../errors.js";
import type { WebAuthnProviderConfig } from "../config/providers/provider-types.js";
import { methodOf, type SignInMethod } from "../flows/sign-in-method.js";

export type Ceremonies = SignInMethod<"webauthn">;

/** The ceremonies a WebAuthn provider carries; one written by hand has none. */
export function ceremoniesOf(provider: WebAuthnProviderConfig): Ceremonies {
  const found = methodOf(provider);
  if (!found) {
    throw new InvalidProvider(
      `providers[id="${provider.id}"] is a WebAuthn provider without its ceremonies. Create it with WebAuthn() from "sekisho/providers/webauthn" or Passkey() from "sekisho/providers/passkey".`,
    );
  }
  return found;
}
