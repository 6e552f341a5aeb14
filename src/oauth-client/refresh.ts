import type { ResolvedConfig } from "../config/resolved-config.js";
import type { ParsedOAuthProvider } from "../config/providers/provider-types.js";
import type { TokenSet } from "../shared-types.js";
import { resolveEndpoints } from "./discovery.js";
import { tokenGrant } from "./provider-fetch.js";

/** The refresh_token grant (RFC 6749 §6) at the provider's token endpoint, with its client authentication. */
export async function refreshGrant(
  config: ResolvedConfig,
  provider: ParsedOAuthProvider,
  refreshToken: string,
): Promise<TokenSet> {
  const endpoints = await resolveEndpoints(config, provider);
  const body = new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken });
  return tokenGrant(provider, endpoints.token, body, "the refresh token");
}
