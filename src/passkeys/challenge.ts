import { storeOf } from "../config/store.js";
import { hasExpired } from "../expiry.js";
import { sha256Hex } from "../crypto.js";
import { WebAuthnVerificationError } from "../sign-in-errors.js";
import type { AuthContext } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import type { WebAuthnProviderConfig } from "../config/providers/provider-types.js";
import { checkCookie, checkMaxAge, useCheckCookie } from "../http/sealed-cookie.js";
import { useVerificationTokenOnce } from "../config/token-use.js";

/** Who a registration is for: a signed-in user (with `id`), or a new user by email. */
export type Registrant = {
  id?: string;
  email: string;
  name?: string | null;
};

/** What the options request hands to the callback, sealed in the challenge cookie. */
export type Ceremony =
  | { action: "authenticate"; challenge: string }
  | { action: "register"; challenge: string; user: Registrant };

type CeremonyFor<A extends Ceremony["action"]> = Extract<Ceremony, { action: A }>;

/*
 * Besides the cookie, each challenge is recorded through the adapter's verification tokens and consumed
 * by the callback, so a captured response cannot be replayed even together with its cookie, and even by
 * an authenticator whose signature counter stays at zero (as synced passkeys' do).
 */
const ledger = (provider: WebAuthnProviderConfig) => `webauthn-challenge:${provider.id}`;

/** Records the ceremony's challenge; returns the cookie that seals the ceremony, bound to the provider, for 15 minutes. */
export async function beginCeremony(ctx: AuthContext, provider: WebAuthnProviderConfig, ceremony: Ceremony): Promise<OutCookie> {
  await storeOf(ctx.config).createVerificationToken({
    identifier: ledger(provider),
    token: await sha256Hex(ceremony.challenge),
    expires: new Date(Date.now() + checkMaxAge * 1000),
  });
  return checkCookie(ctx, "webauthnChallenge", JSON.stringify(ceremony), provider.id);
}

/**
 * The ceremony this browser began with this provider for `action`. Consumes the challenge (the callback
 * clears the cookie), so each one answers at most once; anything missing, foreign, used or expired is refused.
 */
export async function takeCeremony<A extends Ceremony["action"]>(
  ctx: AuthContext,
  provider: WebAuthnProviderConfig,
  action: A,
): Promise<CeremonyFor<A>> {
  let sealed: string | undefined;
  try {
    sealed = await useCheckCookie(ctx, "webauthnChallenge", provider.id);
  } catch (error) {
    throw new WebAuthnVerificationError("The WebAuthn challenge cookie is invalid, expired or was issued for another provider.", {
      err: error as Error,
    });
  }
  if (!sealed)
    throw new WebAuthnVerificationError("There is no WebAuthn challenge cookie: request options from webauthn-options first.");
  const ceremony = JSON.parse(sealed) as Ceremony;
  if (ceremony.action !== action) {
    throw new WebAuthnVerificationError(`The WebAuthn challenge was issued to ${ceremony.action}, not to ${action}.`);
  }
  const recorded = await useVerificationTokenOnce(ctx.config, {
    identifier: ledger(provider),
    token: await sha256Hex(ceremony.challenge),
  });
  if (!recorded || hasExpired(recorded.expires)) {
    throw new WebAuthnVerificationError("The WebAuthn challenge was already answered or has expired.");
  }
  return ceremony as CeremonyFor<A>;
}
