import type { ResolvedConfig } from "../../config/types.js";
import type { ParsedOAuthProvider } from "../../providers/parse.js";
import { loadJwks } from "./discovery.js";
import { checkClaims, type IdTokenClaims } from "./id-token-claims.js";
import { HMAC_ALGORITHMS } from "./jws-algorithms.js";
import { parseCompactJws, verifyWithJwks, verifyWithSecret, type CompactJws } from "./jws.js";
import { ProviderRequestError } from "./provider-fetch.js";
import { TokenError } from "./token-error.js";

/**
 * The issuer the token must name. A multi-tenant template (`…/{tenantid}/v2.0`) is filled from the token's
 * `tid`; the signature check that follows still decides whether the token is genuine.
 */
function expectedIssuer(issuer: string, claims: Record<string, unknown>): string {
  if (!issuer.includes("{tenantid}")) return issuer;
  const tid = claims.tid;
  if (typeof tid !== "string" || !/^[\w.-]+$/.test(tid)) throw new ProviderRequestError("ID token has no tenant id (tid) for the multi-tenant issuer");
  return issuer.replace("{tenantid}", tid);
}

/** Providers that sign ID tokens with the client secret (HS256) say so in `client.id_token_signed_response_alg`. */
function sharedSecretAlgorithm(provider: ParsedOAuthProvider): string | undefined {
  const alg = provider.client?.id_token_signed_response_alg;
  return typeof alg === "string" && HMAC_ALGORITHMS.has(alg) ? alg : undefined;
}

/** Checks the signature with the client secret or the provider's JWKS, refetched once when no key in it fits. */
async function verifySignature(config: ResolvedConfig, provider: ParsedOAuthProvider, jws: CompactJws, jwksUrl: string | undefined) {
  const shared = sharedSecretAlgorithm(provider);
  if (shared) return verifyWithSecret(jws, shared, provider.clientSecret ?? "");
  if (!jwksUrl) throw new ProviderRequestError("the provider has no JWKS to verify its ID token with");
  try {
    await verifyWithJwks(jws, (await loadJwks(config, provider, jwksUrl)).keys);
  } catch (error) {
    if (!(error instanceof TokenError && error.code === "ERR_JWKS_NO_MATCHING_KEY")) throw error;
    await verifyWithJwks(jws, (await loadJwks(config, provider, jwksUrl, true)).keys);
  }
}

/**
 * Validates an ID token: signature against the provider's JWKS (refetched once when the `kid` is unknown),
 * then `iss`, `aud`, `exp`, and the nonce from the check cookie.
 */
export async function verifyIdToken(
  config: ResolvedConfig,
  provider: ParsedOAuthProvider,
  token: string,
  expected: { issuer?: string; jwksUrl?: string; nonce?: string },
): Promise<IdTokenClaims> {
  if (!expected.issuer) throw new ProviderRequestError("the provider has no issuer to check its ID token against");
  const audience = provider.clientId ?? "";
  let claims: IdTokenClaims;
  try {
    const jws = parseCompactJws(token);
    const issuer = expectedIssuer(expected.issuer, jws.payload);
    await verifySignature(config, provider, jws, expected.jwksUrl);
    claims = checkClaims(jws.payload, { issuer, audience });
  } catch (error) {
    throw describe(error);
  }
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== audience) {
    throw new ProviderRequestError("ID token has several audiences and azp is not this client");
  }
  if (expected.nonce !== undefined || claims.nonce !== undefined) {
    if (claims.nonce !== expected.nonce) throw new ProviderRequestError("ID token nonce does not match the nonce cookie");
  }
  return claims;
}

function describe(error: unknown): Error {
  if (error instanceof ProviderRequestError) return error;
  const code = (error as { code?: string }).code ?? (error as Error).name;
  return new ProviderRequestError(`ID token rejected (${code}): ${(error as Error).message}`);
}
