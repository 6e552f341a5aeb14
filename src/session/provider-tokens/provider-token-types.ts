import type { OutCookie } from "../../http/cookies.js";
import type { TokenSet } from "../../shared-types.js";

export { REFRESH_TOKEN_ERROR } from "../../config/defaults.js";

/** What `auth.getAccessToken` resolves to. `expiresAt` is in seconds since the epoch, when the provider said. */
export interface ProviderAccessToken {
  accessToken: string;
  expiresAt?: number;
  scope?: string;
  tokenType?: string;
}

/** The access token, and the cookie changes looking it up made: under the jwt strategy a refresh re-issues the session cookie. */
export interface AccessTokenResult {
  token: ProviderAccessToken | null;
  cookies: OutCookie[];
}

/**
 * The token fields as an account row and the `providerTokens` claim keep them (the Account's names), and
 * `obtained_at`: when sekisho obtained the access token, in seconds since the epoch like `expires_at`.
 */
export type StoredTokens = Pick<TokenSet, "access_token" | "refresh_token" | "expires_at" | "scope" | "token_type"> & {
  obtained_at?: number;
};

const storedFields = ["access_token", "refresh_token", "expires_at", "scope", "token_type", "obtained_at"] as const;

/** The fields to keep from a token response or an account; a refresh that returns no new refresh token keeps the old one. */
export function storedTokens(tokens: TokenSet, previous?: StoredTokens): StoredTokens {
  const kept: StoredTokens = {};
  for (const key of storedFields) {
    const value = tokens[key] ?? previous?.[key];
    if (value !== undefined && value !== null) Object.assign(kept, { [key]: value });
  }
  return kept;
}

/** The tokens a provider has just issued (at a sign-in or a refresh), stamped with the time they were obtained. */
export function freshTokens(tokens: TokenSet, previous?: StoredTokens): StoredTokens {
  // Only the refresh token (when not rotated) and the scope (when not restated) outlive the access token they came
  // with: the old expiry would make a token issued without `expires_in` due at once, at every call.
  const carried = previous && { refresh_token: previous.refresh_token, scope: previous.scope };
  return { ...storedTokens(tokens, carried), obtained_at: Math.floor(Date.now() / 1000) };
}

export function accessTokenOf(tokens: StoredTokens): ProviderAccessToken | null {
  if (typeof tokens.access_token !== "string") return null;
  return { accessToken: tokens.access_token, expiresAt: tokens.expires_at, scope: tokens.scope, tokenType: tokens.token_type };
}
