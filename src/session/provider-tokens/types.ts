import type { TokenSet } from "../../types.js";

export { REFRESH_TOKEN_ERROR } from "../../config/defaults.js";

/** What `auth.getAccessToken` resolves to. `expiresAt` is in seconds since the epoch, when the provider said. */
export interface ProviderAccessToken {
  accessToken: string;
  expiresAt?: number;
  scope?: string;
  tokenType?: string;
}

/** The token fields as an account row and the `providerTokens` claim keep them (the Account's names). */
export type StoredTokens = Pick<TokenSet, "access_token" | "refresh_token" | "expires_at" | "scope" | "token_type">;

/** The fields to keep from a token response or an account; a refresh that returns no new refresh token keeps the old one. */
export function storedTokens(tokens: TokenSet, previous?: StoredTokens): StoredTokens {
  const pick = <K extends keyof StoredTokens>(key: K) => (tokens[key] ?? previous?.[key] ?? undefined) as StoredTokens[K];
  const kept: StoredTokens = {};
  for (const key of ["access_token", "refresh_token", "expires_at", "scope", "token_type"] as const) {
    const value = pick(key);
    if (value !== undefined && value !== null) Object.assign(kept, { [key]: value });
  }
  return kept;
}

export function accessTokenOf(tokens: StoredTokens): ProviderAccessToken | null {
  if (typeof tokens.access_token !== "string") return null;
  return { accessToken: tokens.access_token, expiresAt: tokens.expires_at, scope: tokens.scope, tokenType: tokens.token_type };
}
