import { isOAuth } from "./providers/parse.js";
import type { ParsedOAuthProvider } from "./providers/provider-types.js";
import type { ResolvedConfig } from "./resolved-config.js";

/** A provider set up for `getAccessToken`: it asks for a refresh token, or sets `accessTokenSkew`. */
function wantsRefreshedTokens(provider: ParsedOAuthProvider): boolean {
  const { scope, access_type: accessType } = provider.authorization.params;
  return (
    provider.accessTokenSkew !== undefined || accessType === "offline" || (scope ?? "").split(" ").includes("offline_access")
  );
}

/**
 * Whether `getAccessToken` can never find a token although a provider is set up for it: the strategy cannot reach
 * them with the adapter (the database strategy with an adapter that can neither find a user's account (sekisho's `getUserAccount`) nor read one by its key
 * (`getAccount`), as @auth/pg-adapter).
 */
export function accessTokensUnreachable(config: ResolvedConfig): boolean {
  if (config.strategy.reachesProviderTokens(config.store)) return false;
  return config.providers.some((provider) => isOAuth(provider) && wantsRefreshedTokens(provider));
}
