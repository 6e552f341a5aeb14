import { storeOf } from "../config/store.js";
import type { WebAuthnProviderConfig } from "../config/providers/provider-types.js";
import { AuthError, InvalidRequest } from "../errors.js";
import { clearChecks } from "../http/sealed-cookie.js";
import { ceremoniesOf } from "../passkeys/webauthn-ceremonies.js";
import type { AuthContext } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import type { Outcome } from "../http/outcome.js";
import type { PendingSignIn } from "./pending-sign-in.js";

/*
 * A passkey as the second factor: offered when the app has a WebAuthn provider, the first factor was not a passkey,
 * and the user has one. The ceremony is the provider's own, through its sign-in method (so an app without WebAuthn
 * loads none of it): its challenge cookie and ledger, its verification, with the options limited to the held user's
 * credentials; and its answer counts only for that user.
 */

/** The WebAuthn provider the held user can give a passkey to, or undefined when none is offered. */
export async function passkeyFor(
  ctx: AuthContext,
  pending: Pick<PendingSignIn, "enroll" | "account" | "user">,
): Promise<WebAuthnProviderConfig | undefined> {
  if (pending.enroll || pending.account.type === "webauthn") return undefined;
  const provider = ctx.config.providers.find((p): p is WebAuthnProviderConfig => p.type === "webauthn");
  if (!provider) return undefined;
  const passkeys = await storeOf(ctx.config).listAuthenticatorsByUserId(pending.user.id);
  return passkeys.length > 0 ? provider : undefined;
}

/** `GET /two-factor/passkey-options`: authentication options for the held user's passkeys, as the passkey script reads them. */
export function passkeyOptions(ctx: AuthContext, provider: WebAuthnProviderConfig, userId: string): Promise<Outcome> {
  return ceremoniesOf(provider).secondFactor.options(ctx, provider, userId);
}

/**
 * Whether `data` (the browser's assertion, as the passkey script posts it) is a valid one by a passkey of the held
 * user; the challenge is spent either way, and its cookie cleared. `data` that is not an assertion at all throws
 * InvalidRequest.
 */
export async function takePasskey(
  ctx: AuthContext,
  provider: WebAuthnProviderConfig,
  pending: PendingSignIn,
  data: unknown,
): Promise<{ accepted: boolean; cookies: OutCookie[] }> {
  const cookies = clearChecks(ctx, ["webauthnChallenge"]);
  try {
    const { userId } = await ceremoniesOf(provider).secondFactor.verify(ctx, provider, data);
    return { accepted: userId === pending.user.id, cookies };
  } catch (error) {
    if (!(error instanceof AuthError) || error instanceof InvalidRequest) throw error;
    ctx.config.logger.error(error);
    return { accepted: false, cookies };
  }
}
