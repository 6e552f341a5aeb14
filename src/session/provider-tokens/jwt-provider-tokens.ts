/**
 * jwt strategy: the tokens of providers with `storeTokensInSession` ride in the encrypted session, in the
 * `providerTokens` claim keyed by provider id. A refresh re-issues the session cookie.
 */
import type { ResolvedConfig } from "../../config/config-types.js";
import type { AuthContext } from "../../http/context.js";
import { isOAuth } from "../../config/providers/parse.js";
import type { ParsedOAuthProvider } from "../../config/providers/provider-types.js";
import type { Account, JWT } from "../../shared-types.js";
import { reissueToken, readToken } from "../jwt-session.js";
import { clearSessionCookie } from "../cookie.js";
import { isDue, renew } from "./renew.js";
import {
  REFRESH_TOKEN_ERROR,
  accessTokenOf,
  freshTokens,
  type AccessTokenResult,
  type StoredTokens,
} from "./provider-token-types.js";

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
  const refused = "refused" in renewal;
  const issued = await reissueToken(
    ctx,
    refused
      ? { ...token, providerTokens: others, error: REFRESH_TOKEN_ERROR }
      : { ...token, providerTokens: { ...others, [provider.id]: renewal.tokens } },
  );
  if ("refused" in issued) return { token: null, cookies: issued.refused === "revoked" ? clearSessionCookie(ctx) : [] };
  return { token: refused ? null : accessTokenOf(renewal.tokens), cookies: issued.cookies };
}
