import type { JWTPayload, JWTVerifyGetKey, JWTVerifyOptions } from "jose";
import type { ResolvedConfig } from "../../config/types.js";
import type { ParsedOAuthProvider } from "../../providers/parse.js";
import { CLOCK_TOLERANCE, checkClaims, type IdTokenClaims } from "./id-token-claims.js";
import { loadJwks } from "./jwks.js";
import { ProviderRequestError } from "./provider-fetch.js";
import { TokenError } from "./token-error.js";

type Jose = typeof import("jose");

/** Signed with a key from the provider's JWKS (RFC 7518 §3, RFC 8037). "none" is never among them. */
const PUBLIC_KEY_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"];

/** Keyed with the client secret, and only for a provider that says it signs that way; never with a JWKS key. */
const HMAC_ALGORITHMS = ["HS256", "HS384", "HS512"];

/**
 * The issuer the token must name. A multi-tenant template (`…/{tenantid}/v2.0`) is filled from the verified
 * token's `tid`.
 */
function expectedIssuer(issuer: string, claims: JWTPayload): string {
  if (!issuer.includes("{tenantid}")) return issuer;
  const tid = claims.tid;
  if (typeof tid !== "string" || !/^[\w.-]+$/.test(tid)) throw new ProviderRequestError("ID token has no tenant id (tid) for the multi-tenant issuer");
  return issuer.replace("{tenantid}", tid);
}

/** Providers that sign ID tokens with the client secret (HS256) say so in `client.id_token_signed_response_alg`. */
function sharedSecretAlgorithm(provider: ParsedOAuthProvider): string | undefined {
  const alg = provider.client?.id_token_signed_response_alg;
  return typeof alg === "string" && HMAC_ALGORITHMS.includes(alg) ? alg : undefined;
}

/** jose's error code; DOMExceptions from Web Crypto have numeric codes, which are no use here. */
function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" ? code : undefined;
}

/** jose's lookup of the one key for the token; when several keys fit (no `kid`), each one that the JWKS publishes is tried. */
async function verifyWithKeySet(jose: Jose, token: string, keys: JWTVerifyGetKey, options: JWTVerifyOptions): Promise<JWTPayload> {
  try {
    return (await jose.jwtVerify(token, keys, options)).payload;
  } catch (error) {
    if (codeOf(error) !== "ERR_JWKS_MULTIPLE_MATCHING_KEYS") throw error;
    for await (const key of error as AsyncIterable<CryptoKey>) {
      try {
        return (await jose.jwtVerify(token, key, options)).payload;
      } catch (failure) {
        if (codeOf(failure) !== "ERR_JWS_SIGNATURE_VERIFICATION_FAILED") throw failure;
      }
    }
    throw new jose.errors.JWSSignatureVerificationFailed();
  }
}

/** The token's payload once its signature holds: with the client secret, or the provider's JWKS, fetched again when no key in it fits. */
async function verifySignature(config: ResolvedConfig, provider: ParsedOAuthProvider, token: string, jwksUrl: string | undefined): Promise<JWTPayload> {
  const jose = await import("jose");
  const options: JWTVerifyOptions = { clockTolerance: CLOCK_TOLERANCE };
  const shared = sharedSecretAlgorithm(provider);
  if (shared) {
    if (!provider.clientSecret) throw new TokenError("ERR_JWK_INVALID", `an ${shared} ID token needs the client secret, and there is none`);
    return (await jose.jwtVerify(token, new TextEncoder().encode(provider.clientSecret), { ...options, algorithms: [shared] })).payload;
  }
  if (!jwksUrl) throw new ProviderRequestError("the provider has no JWKS to verify its ID token with");
  const withKeys = { ...options, algorithms: PUBLIC_KEY_ALGORITHMS };
  try {
    return await verifyWithKeySet(jose, token, await loadJwks(config, provider, jwksUrl), withKeys);
  } catch (error) {
    if (codeOf(error) !== "ERR_JWKS_NO_MATCHING_KEY") throw error;
  }
  try {
    return await verifyWithKeySet(jose, token, await loadJwks(config, provider, jwksUrl, true), withKeys);
  } catch (error) {
    if (codeOf(error) !== "ERR_JWKS_NO_MATCHING_KEY") throw error;
    const { alg, kid } = jose.decodeProtectedHeader(token);
    throw new TokenError("ERR_JWKS_NO_MATCHING_KEY", `the JWKS has no ${alg} signing key${kid === undefined ? "" : ` with kid ${JSON.stringify(kid)}`}`);
  }
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
  if (expected.nonce !== undefined || claims.nonce !== undefined) {
    if (claims.nonce !== expected.nonce) throw new ProviderRequestError("ID token nonce does not match the nonce cookie");
  }
  return claims;
}

function describe(error: unknown): Error {
  if (error instanceof ProviderRequestError) return error;
  const code = codeOf(error) ?? (error as Error)?.name;
  return new ProviderRequestError(`ID token rejected (${code}): ${(error as Error)?.message}`);
}
