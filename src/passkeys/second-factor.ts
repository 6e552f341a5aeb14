import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { AuthContext } from "../http/context.js";
import { json, noCacheHeaders, type Outcome } from "../http/outcome.js";
import type { WebAuthnProviderConfig } from "../config/providers/provider-types.js";
import { verifyAssertion } from "./assertion.js";
import { readCeremonyResponse } from "./ceremony-response.js";
import { authenticationOptions } from "./options.js";

/**
 * A passkey as the second factor of a held sign-in (two-factor/passkey-step.ts): the provider's own ceremony, its
 * options limited to the held user's credentials, and the verified assertion's user.
 */
export const passkeySecondFactor = {
  /** `{action: "authenticate", options}` for `userId`'s passkeys, with the challenge cookie set. */
  async options(ctx: AuthContext, provider: WebAuthnProviderConfig, userId: string): Promise<Outcome> {
    const { body, cookie } = await authenticationOptions(ctx, provider, userId);
    return json(body, { headers: noCacheHeaders, cookies: [cookie] });
  },
  /**
   * Whose passkey answered: `data` not shaped like an assertion is InvalidRequest (and spends no challenge);
   * one that does not verify is WebAuthnVerificationError.
   */
  async verify(ctx: AuthContext, provider: WebAuthnProviderConfig, data: unknown): Promise<{ userId: string }> {
    const response = readCeremonyResponse<AuthenticationResponseJSON>(data);
    const { user } = await verifyAssertion(ctx, provider, response);
    return { userId: user.id };
  },
};
