/**
 * Compact JWS (RFC 7515 §7.1) parsed strictly and verified on Web Crypto with the algorithms of
 * jws-algorithms.ts: public-key ones against a JWKS, HMAC ones against the client secret only.
 */
import { decodeBase64url } from "../../base64url.js";
import { parseJsonObject } from "../../session/jwe.js";
import { HMAC_ALGORITHMS, PUBLIC_KEY_ALGORITHMS } from "./jws-algorithms.js";
import { candidateKeys, verificationKey } from "./jwk.js";
import { TokenError } from "./token-error.js";

type Bytes = Uint8Array<ArrayBuffer>;

export interface CompactJws {
  header: { alg: string; kid?: string };
  /** Not to be trusted before one of the verify functions below has resolved. */
  payload: Record<string, unknown>;
  /** ASCII(BASE64URL(header) || "." || BASE64URL(payload)), what the signature covers. */
  signingInput: Bytes;
  signature: Bytes;
}

const ascii = new TextEncoder();

/** Splits and decodes a compact JWS whose payload is a JWT claims set; throws on anything malformed. */
export function parseCompactJws(token: string): CompactJws {
  const parts = token.split(".");
  if (parts.length !== 3) throw new TokenError("ERR_JWS_INVALID", `a compact JWS has 3 parts, this token has ${parts.length}`);
  const [encodedHeader, encodedPayload, encodedSignature] = parts;
  const header = decodeJsonObject(encodedHeader);
  if (!header) throw new TokenError("ERR_JWS_INVALID", "the protected header is not a base64url-encoded JSON object");
  const { alg, kid } = header;
  if (typeof alg !== "string") throw new TokenError("ERR_JWS_INVALID", 'the header has no "alg"');
  if (kid !== undefined && typeof kid !== "string") throw new TokenError("ERR_JWS_INVALID", 'the header "kid" is not a string');
  // RFC 7515 §4.1.11: no extension is understood here, so any critical one makes the token unusable.
  if (header.crit !== undefined) throw new TokenError("ERR_JOSE_NOT_SUPPORTED", 'the header has "crit" extensions, none of which are supported');
  const payload = decodeJsonObject(encodedPayload);
  if (!payload) throw new TokenError("ERR_JWT_INVALID", "the payload is not a base64url-encoded JSON object");
  const signature = decodeBase64url(encodedSignature);
  if (!signature) throw new TokenError("ERR_JWS_INVALID", "the signature is not base64url");
  return { header: { alg, kid }, payload, signingInput: ascii.encode(`${encodedHeader}.${encodedPayload}`), signature };
}

function decodeJsonObject(encoded: string): Record<string, unknown> | undefined {
  const bytes = decodeBase64url(encoded);
  return bytes && parseJsonObject(bytes);
}

/**
 * Verifies `jws` with a key from the provider's JWKS. When several keys fit (no `kid`, or a `kid` shared by
 * keys), each is tried: every one of them is a key the provider publishes for this algorithm.
 */
export async function verifyWithJwks(jws: CompactJws, keys: unknown[]): Promise<void> {
  const { alg, kid } = jws.header;
  const algorithm = PUBLIC_KEY_ALGORITHMS.get(alg);
  if (!algorithm) throw algorithmNotAllowed(alg);
  const candidates = candidateKeys(keys, alg, algorithm, kid);
  if (candidates.length === 0) {
    throw new TokenError("ERR_JWKS_NO_MATCHING_KEY", `the JWKS has no ${alg} signing key${kid === undefined ? "" : ` with kid ${JSON.stringify(kid)}`}`);
  }
  if (algorithm.kty !== "RSA" && jws.signature.length !== algorithm.signatureLength) {
    throw new TokenError("ERR_JWS_SIGNATURE_VERIFICATION_FAILED", `an ${alg} signature is ${algorithm.signatureLength} bytes, not ${jws.signature.length}`);
  }
  for (const jwk of candidates) {
    const key = await verificationKey(jwk, algorithm);
    if (await crypto.subtle.verify(algorithm.verifyParams, key, jws.signature, jws.signingInput)) return;
  }
  throw signatureInvalid();
}

/** Verifies `jws` as signed with `secret` under `alg`, the one HMAC algorithm the provider is configured with. */
export async function verifyWithSecret(jws: CompactJws, alg: string, secret: string): Promise<void> {
  const hash = jws.header.alg === alg ? HMAC_ALGORITHMS.get(alg) : undefined;
  if (!hash) throw algorithmNotAllowed(jws.header.alg);
  if (secret === "") throw new TokenError("ERR_JWK_INVALID", `an ${alg} ID token needs the client secret, and there is none`);
  const key = await crypto.subtle.importKey("raw", ascii.encode(secret), { name: "HMAC", hash }, false, ["verify"]);
  if (!(await crypto.subtle.verify("HMAC", key, jws.signature, jws.signingInput))) throw signatureInvalid();
}

function algorithmNotAllowed(alg: string): TokenError {
  return new TokenError("ERR_JOSE_ALG_NOT_ALLOWED", `the "alg" ${JSON.stringify(alg)} is not accepted here`);
}

function signatureInvalid(): TokenError {
  return new TokenError("ERR_JWS_SIGNATURE_VERIFICATION_FAILED", "the signature does not verify");
}
