import type { JSONWebKeySet, JWTVerifyGetKey } from "jose";
import type { ResolvedConfig } from "../../config/types.js";
import type { ParsedOAuthProvider } from "../../providers/parse.js";
import { cachedDocument } from "./document-cache.js";
import { ProviderRequestError, originOf, providerFetch, readJson } from "./provider-fetch.js";

/**
 * The provider's JWKS as jose's key lookup, cached per instance (keys are imported once per fetch).
 * `force` fetches it again ahead of time, at most once per cooldown: an unknown `kid` may mean the keys rotated.
 */
export function loadJwks(config: ResolvedConfig, provider: ParsedOAuthProvider, url: string, force = false): Promise<JWTVerifyGetKey> {
  return cachedDocument(
    config.runtime.jwks,
    url,
    async () => {
      const response = await providerFetch(provider, "JWKS", url, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new ProviderRequestError(`JWKS at ${originOf(url)} answered ${response.status}`);
      const body = await readJson(response, "JWKS");
      if (!Array.isArray(body.keys)) throw new ProviderRequestError(`JWKS at ${originOf(url)} has no keys`);
      const { createLocalJWKSet } = await import("jose");
      return createLocalJWKSet(body as unknown as JSONWebKeySet);
    },
    force,
  );
}
