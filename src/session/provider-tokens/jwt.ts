/**
 * jwt strategy: the tokens of providers with `storeTokensInSession` ride in the encrypted session, in the
 * `providerTokens` claim keyed by provider id. A refresh re-issues the session cookie.
 */
import type { ResolvedConfig } from "../../config/types.js";
import type { AuthContext } from "../../http/context.js";
import { isOAuth } from "../../config/providers/parse.js";
import type { ParsedOAuthProvider } from "../../config/providers/types.js";
import type { Account, JWT } from "../../types.js";
import { issueToken, readToken } from "../jwt-strategy.js";
import { isDue, renew } from "./renew.js";
import { REFRESH_TOKEN_ERROR, accessTokenOf, freshTokens, type AccessTokenResult, type StoredTokens } from "./types.js";

function claimOf(token: JWT): Record<string, StoredTokens> {
  const claim = token.providerTokens;
  return claim && typeof claim === "object" ? (claim as Record<string, StoredTokens>) : {};
}

/** The claim a session signed in with `account` starts with; none unless its provider stores tokens in the session. */
export function providerTokensClaim(config: ResolvedConfig, account: Account): { providerTokens?: Record<string, StoredTokens> } {
  const provider = config.providers.find((p) => p.id === account.provider);
  if (!provider || !isOAuth(provider) || provider.storeTokensInSession !== true || typeof account.access_token !== "string")
    return {};
  return { providerTokens: { [account.provider]: freshTokens(account) } };
}

export async function jwtAccessToken(ctx: AuthContext, provider: ParsedOAuthProvider): Promise<AccessTokenResult> {
  const { token, cookies } = await readToken(ctx);
  const tokens = token && claimOf(token)[provider.id];
  if (!token || !tokens) return { token: null, cookies };
  if (!isDue(provider, tokens)) return { token: accessTokenOf(tokens), cookies: [] };
  const refreshToken = tokens.refresh_token;
  if (typeof refreshToken !== "string") return { token: null, cookies: [] };
  const renewal = await renew(ctx.config, provider, { ...tokens, refresh_token: refreshToken }, { save: async () => {} });
  const { [provider.id]: _replaced, ...others } = claimOf(token);
  if ("refused" in renewal) {
    const issued = await issueToken(ctx, { ...token, providerTokens: others, error: REFRESH_TOKEN_ERROR });
    return { token: null, cookies: issued.cookies };
  }
  const issued = await issueToken(ctx, { ...token, providerTokens: { ...others, [provider.id]: renewal.tokens } });
  return { token: accessTokenOf(renewal.tokens), cookies: issued.cookies };
}
