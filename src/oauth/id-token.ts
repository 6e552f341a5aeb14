import type { JWTPayload, JWTVerifyOptions } from "jose";
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { ParsedOAuthProvider } from "../config/providers/provider-types.js";
import { CLOCK_TOLERANCE } from "../session/jwt-codec.js";
import { checkClaims, type IdTokenClaims } from "./id-token-claims.js";
import { joseErrorCode, verifyWithJwks } from "./jwks.js";
import { ProviderRequestError } from "../oauth-client/provider-fetch.js";
import { TokenError } from "./token-error.js";

/** Keyed with the client secret, and only for a provider that says it signs that way; never with a JWKS key. */
const HMAC_ALGORITHMS = ["HS256", "HS384", "HS512"];

/**
 * The issuer the token must name. A multi-tenant template (`…/{tenantid}/v2.0`) is filled from the verified
 * token's `tid`.
 */
function expectedIssuer(issuer: string, claims: JWTPayload): string {
  if (!issuer.includes("{tenantid}")) return issuer;
  const tid = claims.tid;
  if (typeof tid !== "string" || !/^[\w.-]+$/.test(tid))
    throw new ProviderRequestError("ID token has no tenant id (tid) for the multi-tenant issuer");
  return issuer.replace("{tenantid}", tid);
}

/** Providers that sign ID tokens with the client secret (HS256) say so in `client.id_token_signed_response_alg`. */
function sharedSecretAlgorithm(provider: ParsedOAuthProvider): string | undefined {
  const alg = provider.client?.id_token_signed_response_alg;
  return typeof alg === "string" && HMAC_ALGORITHMS.includes(alg) ? alg : undefined;
}

/** The token's payload once its signature holds: with the client secret, or the provider's JWKS, fetched again when no key in it fits. */
async function verifySignature(
  config: ResolvedConfig,
  provider: ParsedOAuthProvider,
  token: string,
  jwksUrl: string | undefined,
): Promise<JWTPayload> {
  const options: JWTVerifyOptions = { clockTolerance: CLOCK_TOLERANCE };
  const shared = sharedSecretAlgorithm(provider);
  if (shared) {
    if (!provider.clientSecret)
      throw new TokenError("ERR_JWK_INVALID", `an ${shared} ID token needs the client secret, and there is none`);
    const { jwtVerify } = await import("jose/jwt/verify");
    return (await jwtVerify(token, new TextEncoder().encode(provider.clientSecret), { ...options, algorithms: [shared] }))
      .payload;
  }
  if (!jwksUrl) throw new ProviderRequestError("the provider has no JWKS to verify its ID token with");
  return verifyWithJwks(config, provider, token, jwksUrl, options);
}

/**
 * Validates an ID token with jose: the signature (client secret, or the provider's JWKS), then `iss`, `aud`,
 * `exp`, `azp` and the nonce from the check cookie. jose is loaded here, on the ID-token path only.
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
    const payload = await verifySignature(config, provider, token, expected.jwksUrl);
    claims = checkClaims(payload, { issuer: expectedIssuer(expected.issuer, payload), audience });
  } catch (error) {
    throw describe(error);
  }
  // OpenID Connect Core §3.1.3.7: azp names the party the token was issued to; it must be us when present.
  if (claims.azp !== undefined && claims.azp !== audience) throw new ProviderRequestError("ID token azp is not this client");
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp === undefined) {
    throw new ProviderRequestError("ID token has several audiences and no azp naming this client");
  }
  // The nonce is sent to every OpenID provider and a nonce in the token must be ours. A token without one is
  // refused when the provider's checks ask for it; others may leave it out, as LinkedIn, which never echoes it.
  if (claims.nonce !== undefined || provider.checks.includes("nonce")) {
    if (claims.nonce !== expected.nonce) throw new ProviderRequestError("ID token nonce does not match the nonce cookie");
  }
  return claims;
}

function describe(error: unknown): Error {
  if (error instanceof ProviderRequestError) return error;
  const code = joseErrorCode(error) ?? (error as Error)?.name;
  return new ProviderRequestError(`ID token rejected (${code}): ${(error as Error)?.message}`);
}
