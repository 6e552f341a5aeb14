import { createLocalJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload } from "jose";
import type { ResolvedConfig } from "../../config/types.js";
import type { ParsedOAuthProvider } from "../../providers/parse.js";
import { loadJwks } from "./discovery.js";
import { ProviderRequestError } from "./provider-fetch.js";

/** Asymmetric algorithms only: `none` and HMAC with a public value are never accepted. */
const algorithms = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"];

const checks = (issuer: string, audience: string, allowed: string[]) => ({
  issuer,
  audience,
  algorithms: allowed,
  clockTolerance: 15,
  requiredClaims: ["iss", "sub", "aud", "exp", "iat"],
});

async function verifyWith(token: string, jwks: { keys: Record<string, unknown>[] }, issuer: string, audience: string) {
  return jwtVerify(token, createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]), checks(issuer, audience, algorithms));
}

/**
 * The issuer the token must name. A multi-tenant template (`…/{tenantid}/v2.0`) is filled from the token's
 * `tid`; the signature check that follows still decides whether the token is genuine.
 */
function expectedIssuer(issuer: string, token: string): string {
  if (!issuer.includes("{tenantid}")) return issuer;
  let tid: unknown;
  try {
    tid = decodeJwt(token).tid;
  } catch {
    throw new ProviderRequestError("ID token is not a JWT");
  }
  if (typeof tid !== "string" || !/^[\w.-]+$/.test(tid)) throw new ProviderRequestError("ID token has no tenant id (tid) for the multi-tenant issuer");
  return issuer.replace("{tenantid}", tid);
}

/** Providers that sign ID tokens with the client secret (HS256) say so in `client.id_token_signed_response_alg`. */
function sharedSecretAlgorithm(provider: ParsedOAuthProvider): string | undefined {
  const alg = provider.client?.id_token_signed_response_alg;
  return typeof alg === "string" && /^HS(256|384|512)$/.test(alg) ? alg : undefined;
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
): Promise<JWTPayload> {
  if (!expected.issuer) throw new ProviderRequestError("the provider has no issuer to check its ID token against");
  const audience = provider.clientId ?? "";
  const issuer = expectedIssuer(expected.issuer, token);
  const shared = sharedSecretAlgorithm(provider);
  let result;
  if (shared) {
    try {
      result = await jwtVerify(token, new TextEncoder().encode(provider.clientSecret ?? ""), checks(issuer, audience, [shared]));
    } catch (error) {
      throw describe(error);
    }
  } else {
    if (!expected.jwksUrl) throw new ProviderRequestError("the provider has no JWKS to verify its ID token with");
    try {
      result = await verifyWith(token, await loadJwks(config, provider, expected.jwksUrl), issuer, audience);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw describe(error);
      try {
        result = await verifyWith(token, await loadJwks(config, provider, expected.jwksUrl, true), issuer, audience);
      } catch (retryError) {
        throw describe(retryError);
      }
    }
  }
  const { payload } = result;
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== audience) {
    throw new ProviderRequestError("ID token has several audiences and azp is not this client");
  }
  if (expected.nonce !== undefined || payload.nonce !== undefined) {
    if (payload.nonce !== expected.nonce) throw new ProviderRequestError("ID token nonce does not match the nonce cookie");
  }
  return payload;
}

function describe(error: unknown): Error {
  if (error instanceof ProviderRequestError) return error;
  const code = (error as { code?: string }).code ?? (error as Error).name;
  return new ProviderRequestError(`ID token rejected (${code}): ${(error as Error).message}`);
}
