import type { AuthContext } from "../../http/context.js";
import { isOAuth } from "../../config/providers/parse.js";
import { databaseAccessToken } from "./database.js";
import { jwtAccessToken } from "./jwt.js";
import type { AccessTokenResult } from "./types.js";

/**
 * The signed-in user's access token at an OAuth provider, refreshed first when it is expired or about to be;
 * null when there is no session, no tokens for that provider, or the provider refused the refresh token.
 * Under the jwt strategy a refresh re-issues the session cookie: the result carries the cookie changes.
 */
export async function providerAccessToken(ctx: AuthContext, providerId: string): Promise<AccessTokenResult> {
  const provider = ctx.config.providers.find((p) => p.id === providerId);
  if (!provider || !isOAuth(provider)) return { token: null, cookies: [] };
  return ctx.config.session.strategy === "database" ? databaseAccessToken(ctx, provider) : jwtAccessToken(ctx, provider);
}
