import type { JSONWebKeySet, JWTPayload, JWTVerifyGetKey, JWTVerifyOptions } from "jose";
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { ParsedOAuthProvider } from "../config/providers/provider-types.js";
import { cachedDocument } from "../oauth-client/document-cache.js";
import { ProviderRequestError, originOf, providerFetch, readJson } from "../oauth-client/provider-fetch.js";
import { TokenError } from "./token-error.js";

/** The parts of jose that verifying with a JWKS uses, each from its own subpath: bundles then carry no more of jose. */
async function loadJose() {
  const [{ jwtVerify }, { decodeProtectedHeader }, { JWSSignatureVerificationFailed }] = await Promise.all([
    import("jose/jwt/verify"),
    import("jose/decode/protected_header"),
    import("jose/errors"),
  ]);
  return { jwtVerify, decodeProtectedHeader, JWSSignatureVerificationFailed };
}

type Jose = Awaited<ReturnType<typeof loadJose>>;

/** Signed with a key from the provider's JWKS (RFC 7518 §3, RFC 8037). "none" is never among them. */
export const PUBLIC_KEY_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];

/**
 * The provider's JWKS as jose's key lookup, cached per instance (keys are imported once per fetch).
 * `force` fetches it again ahead of time, at most once per cooldown: an unknown `kid` may mean the keys rotated.
 */
export function loadJwks(
  config: ResolvedConfig,
  provider: ParsedOAuthProvider,
  url: string,
  force = false,
): Promise<JWTVerifyGetKey> {
  return cachedDocument(
    config.runtime.jwks,
    url,
    async () => {
      const response = await providerFetch(provider, "JWKS", url, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new ProviderRequestError(`JWKS at ${originOf(url)} answered ${response.status}`);
      const body = await readJson(response, "JWKS");
      if (!Array.isArray(body.keys)) throw new ProviderRequestError(`JWKS at ${originOf(url)} has no keys`);
      const { createLocalJWKSet } = await import("jose/jwks/local");
      return createLocalJWKSet(body as unknown as JSONWebKeySet);
    },
    force,
  );
}

/** jose's error code; DOMExceptions from Web Crypto have numeric codes, which are no use here. */
export function joseErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" ? code : undefined;
}

/** jose's lookup of the one key for the token; when several keys fit (no `kid`), each one that the JWKS publishes is tried. */
async function verifyWithKeySet(
  jose: Jose,
  token: string,
  keys: JWTVerifyGetKey,
  options: JWTVerifyOptions,
): Promise<JWTPayload> {
  try {
    return (await jose.jwtVerify(token, keys, options)).payload;
  } catch (error) {
    if (joseErrorCode(error) !== "ERR_JWKS_MULTIPLE_MATCHING_KEYS") throw error;
    for await (const key of error as AsyncIterable<CryptoKey>) {
      try {
        return (await jose.jwtVerify(token, key, options)).payload;
      } catch (failure) {
        if (joseErrorCode(failure) !== "ERR_JWS_SIGNATURE_VERIFICATION_FAILED") throw failure;
      }
    }
    throw new jose.JWSSignatureVerificationFailed();
  }
}

/**
 * The payload of a token signed with a key from the provider's JWKS at `jwksUrl`, fetched again when no key
 * in it fits; jose checks whatever else `options` asks (time claims, issuer, audience).
 */
export async function verifyWithJwks(
  config: ResolvedConfig,
  provider: ParsedOAuthProvider,
  token: string,
  jwksUrl: string,
  options: JWTVerifyOptions,
): Promise<JWTPayload> {
  const jose = await loadJose();
  const withKeys = { ...options, algorithms: PUBLIC_KEY_ALGORITHMS };
  try {
    return await verifyWithKeySet(jose, token, await loadJwks(config, provider, jwksUrl), withKeys);
  } catch (error) {
    if (joseErrorCode(error) !== "ERR_JWKS_NO_MATCHING_KEY") throw error;
  }
  try {
    return await verifyWithKeySet(jose, token, await loadJwks(config, provider, jwksUrl, true), withKeys);
  } catch (error) {
    if (joseErrorCode(error) !== "ERR_JWKS_NO_MATCHING_KEY") throw error;
    const { alg, kid } = jose.decodeProtectedHeader(token);
    throw new TokenError(
      "ERR_JWKS_NO_MATCHING_KEY",
      `the JWKS has no ${alg} signing key${kid === undefined ? "" : ` with kid ${JSON.stringify(kid)}`}`,
    );
  }
}
