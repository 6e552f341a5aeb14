/** Choosing the provider's JWKS keys for a JWS header (RFC 7515 §4.1.4, RFC 7517 §4) and importing each once. */
import type { PublicKeyAlgorithm } from "./jws-algorithms.js";
import { TokenError } from "./token-error.js";

export type Jwk = Record<string, unknown>;

/** The members that make up a public key (RFC 7518 §6.2.1 and §6.3.1, RFC 8037 §2); anything else is left out. */
const PUBLIC_MEMBERS = { RSA: ["n", "e"], EC: ["crv", "x", "y"], OKP: ["crv", "x"] } as const;

/** RFC 7518 §3.3 and §3.5. */
const MIN_RSA_BITS = 2048;

/** The keys in `keys` that may verify a signature made with `alg`, under `kid` when the token names one. */
export function candidateKeys(keys: unknown[], alg: string, algorithm: PublicKeyAlgorithm, kid: string | undefined): Jwk[] {
  return keys.filter(isObject).filter((jwk) => fits(jwk, alg, algorithm, kid));
}

function isObject(value: unknown): value is Jwk {
  return typeof value === "object" && value !== null;
}

/** Whether `jwk` is a signing key of the type and curve `alg` needs, and says nothing that rules it out. */
function fits(jwk: Jwk, alg: string, algorithm: PublicKeyAlgorithm, kid: string | undefined): boolean {
  if (jwk.kty !== algorithm.kty) return false;
  if (algorithm.kty !== "RSA" && jwk.crv !== algorithm.crv) return false;
  if (kid !== undefined && jwk.kid !== kid) return false;
  if (jwk.use !== undefined && jwk.use !== "sig") return false;
  if (jwk.alg !== undefined && jwk.alg !== alg) return false;
  return jwk.key_ops === undefined || (Array.isArray(jwk.key_ops) && jwk.key_ops.includes("verify"));
}

const imported = new WeakMap<Jwk, Map<PublicKeyAlgorithm, Promise<CryptoKey>>>();

/** `jwk` as a verification key for `algorithm`, imported on first use and kept for as long as the JWK object lives. */
export function verificationKey(jwk: Jwk, algorithm: PublicKeyAlgorithm): Promise<CryptoKey> {
  let byAlgorithm = imported.get(jwk);
  if (!byAlgorithm) imported.set(jwk, (byAlgorithm = new Map()));
  let key = byAlgorithm.get(algorithm);
  if (!key) byAlgorithm.set(algorithm, (key = importPublicKey(jwk, algorithm)));
  return key;
}

async function importPublicKey(jwk: Jwk, algorithm: PublicKeyAlgorithm): Promise<CryptoKey> {
  const publicJwk: Record<string, string> = { kty: algorithm.kty };
  for (const name of PUBLIC_MEMBERS[algorithm.kty]) {
    const value = jwk[name];
    if (typeof value !== "string") throw invalidKey(jwk, `has no "${name}"`);
    publicJwk[name] = value;
  }
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey("jwk", publicJwk, algorithm.importParams, false, ["verify"]);
  } catch (error) {
    throw invalidKey(jwk, `could not be imported (${(error as Error).message})`);
  }
  if (algorithm.kty === "RSA" && (key.algorithm as RsaHashedKeyAlgorithm).modulusLength < MIN_RSA_BITS) {
    throw invalidKey(jwk, `is shorter than ${MIN_RSA_BITS} bits`);
  }
  return key;
}

function invalidKey(jwk: Jwk, problem: string): TokenError {
  const name = typeof jwk.kid === "string" ? `key ${JSON.stringify(jwk.kid)}` : `${jwk.kty} key`;
  return new TokenError("ERR_JWK_INVALID", `the JWKS ${name} ${problem}`);
}
