/**
 * ID tokens signed without sekisho's code: with jose, or with node:crypto where a token must carry
 * something jose refuses to produce (a `crit` header, a DER-encoded ECDSA signature, a short RSA key).
 */
import { KeyObject, sign } from "node:crypto";
import { SignJWT, exportJWK, generateKeyPair, type JWTHeaderParameters, type JWTPayload } from "jose";
import type { ResolvedConfig } from "../../../src/config/resolved-config.js";
import { verifyIdToken } from "../../../src/oauth/id-token.js";
import { customFetch, type ParsedOAuthProvider } from "../../../src/config/providers/provider-types.js";

export const issuer = "https://idp.example";
export const clientId = "client-1";
export const clientSecret = "client-secret-0123456789abcdefghijklmnop";
export const jwksUrl = `${issuer}/jwks`;

/**
 * A provider publishing `keys` at jwksUrl through `[customFetch]` (changeable later, fetches counted), with
 * `client` settings and `secret` as its client secret, and verifyIdToken over it with a JWKS cache of its own.
 */
export function jwksProvider(keys: unknown[], client?: Record<string, unknown>, secret = clientSecret) {
  const jwks = { keys, fetches: 0 };
  const parsed = {
    id: "idp",
    name: "IdP",
    type: "oidc",
    clientId,
    clientSecret: secret,
    client,
    checks: ["pkce"],
    [customFetch]: async (input: RequestInfo | URL) => {
      if (String(input) !== jwksUrl) return new Response("not found", { status: 404 });
      jwks.fetches++;
      return Response.json({ keys: jwks.keys });
    },
  } as unknown as ParsedOAuthProvider;
  const config = { runtime: { jwks: new Map(), discovery: new Map() } } as unknown as ResolvedConfig;
  const verify = (token: string, expected: { issuer?: string; nonce?: string } = {}) => verifyIdToken(config, parsed, token, { issuer, jwksUrl, ...expected });
  return { jwks, verify };
}

export interface SigningKey {
  alg: string;
  privateKey: CryptoKey;
  /** The public half as the provider's JWKS publishes it. */
  jwk: Record<string, unknown>;
}

export async function signingKey(alg: string, kid = `${alg}-key`): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { alg, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, use: "sig" } };
}

/** A claims set this client accepts at `now` (seconds). */
export function validClaims(now = Math.floor(Date.now() / 1000)): JWTPayload {
  return { iss: issuer, sub: "user-1", aud: clientId, iat: now, exp: now + 600 };
}

/** `claims` signed by `key` with jose; the header names the key's kid unless `header` says otherwise. */
export function signed(key: SigningKey, claims: JWTPayload = validClaims(), header: Partial<JWTHeaderParameters> = {}): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, kid: key.jwk.kid as string, ...header }).sign(key.privateKey);
}

/** A JSON value as a base64url token segment. */
export const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** An RS256 (or, with `der`, a DER-encoded ES256) token over any header, signed with node:crypto. */
export function signedRaw(privateKey: CryptoKey | KeyObject, header: Record<string, unknown>, claims: JWTPayload, der = false): string {
  const input = `${segment(header)}.${segment(claims)}`;
  const key = privateKey instanceof KeyObject ? privateKey : KeyObject.from(privateKey);
  const signature = sign("sha256", Buffer.from(input), der ? { key, dsaEncoding: "der" } : key);
  return `${input}.${signature.toString("base64url")}`;
}

/** `token` with one of its three parts replaced. */
export function withPart(token: string, index: number, part: string): string {
  const parts = token.split(".");
  parts[index] = part;
  return parts.join(".");
}

/** Flips a bit of the bytes a base64url segment encodes. */
export function flipped(segmentText: string, byteIndex = 0): string {
  const bytes = Buffer.from(segmentText, "base64url");
  bytes[byteIndex] ^= 0x01;
  return bytes.toString("base64url");
}
