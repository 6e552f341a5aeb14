import type { ParsedOAuthProvider } from "../../config/providers/provider-types.js";
import { OAuthCallbackError } from "../../errors.js";
import type { AuthContext } from "../../http/context.js";
import type { Profile } from "../../shared-types.js";
import { CLOCK_TOLERANCE } from "../../session/jwt-codec.js";

/**
 * The sign-in body field that asks for a sign-in again: "1" from the sign-in page after `RecentSignInRequired`,
 * "true" from `signIn(provider, { reauth: true })`, which sends its options as form fields.
 */
const reauthField = "reauth";
const reauthValues = new Set(["1", "true"]);

/**
 * The `max_age` a sign-in asks an OpenID provider for: `account.recentSignIn` when the sign-in is one again for a
 * sensitive action, else none. Plain OAuth providers have no way to be asked.
 */
export function reauthMaxAge(ctx: AuthContext, provider: ParsedOAuthProvider): number | undefined {
  return provider.type === "oidc" && reauthValues.has(String(ctx.body[reauthField]))
    ? ctx.config.account.recentSignIn
    : undefined;
}

/**
 * When the user signed in at an OpenID provider: the verified ID token's `auth_time`, never later than now. A
 * sign-in that sent `max_age` needs it, and within that age (OpenID Connect Core §3.1.2.1, §3.1.3.7 step 13):
 * a provider that kept its own session instead of asking the user again does not count as a sign-in again.
 */
export function authTimeOf(
  provider: ParsedOAuthProvider,
  profile: Profile,
  maxAge: number | undefined,
  now = Math.floor(Date.now() / 1000),
): number | undefined {
  if (provider.type !== "oidc") return undefined;
  const authTime = typeof profile.auth_time === "number" && Number.isFinite(profile.auth_time) ? profile.auth_time : undefined;
  if (maxAge === undefined) return authTime === undefined ? undefined : Math.min(now, authTime);
  if (authTime === undefined)
    throw new OAuthCallbackError(`Provider "${provider.id}": the ID token has no auth_time, and max_age was sent.`, {
      provider: provider.id,
    });
  if (authTime < now - maxAge - CLOCK_TOLERANCE)
    throw new OAuthCallbackError(`Provider "${provider.id}": the user did not sign in again (auth_time is past max_age).`, {
      provider: provider.id,
    });
  return Math.min(now, authTime);
}
