/**
 * Session tokens: JWTs encrypted as compact JWE, readable and writable by the reference library.
 * A codec keeps the derived keys, so a valid token costs one HMAC and one AES decryption to read.
 */
import type { JWTDecodeParams, JWTEncodeParams } from "../config/config-types.js";
import { JWTSessionError, MissingSecret } from "../errors.js";
import type { JWT } from "../shared-types.js";
import { createHeaderCache, decryptCompact, encryptCompact, parseCompact, parseJsonObject } from "./jwe.js";
import { createKeyring } from "./keys.js";

export const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;
/** Seconds of clock skew allowed on `exp` and `nbf`: a token still decodes this long after its expiry. */
export const CLOCK_TOLERANCE = 15;

export interface JwtCodec {
  /** Encrypts `token` with the first secret, adding `iat`, `exp` (now + maxAge) and `jti`. */
  encode(params: JWTEncodeParams): Promise<string>;
  /** Null for an empty token; throws when the token is malformed, undecryptable with every secret, or expired. */
  decode(params: JWTDecodeParams): Promise<JWT | null>;
}

const utf8 = new TextEncoder();

export function createJwtCodec(): JwtCodec {
  const keyring = createKeyring();
  const readHeader = createHeaderCache();
  return {
    async encode({ token = {}, secret, salt, maxAge = DEFAULT_MAX_AGE }) {
      const [newest] = secretsOf(secret);
      if (!Number.isFinite(maxAge)) throw new TypeError("maxAge must be a finite number of seconds");
      const now = nowInSeconds();
      const claims = { ...token, iat: now, exp: now + maxAge, jti: crypto.randomUUID() };
      const key = await keyring.get("A256CBC-HS512", newest, saltOf(salt));
      return encryptCompact(key, utf8.encode(JSON.stringify(claims)));
    },

    async decode({ token, secret, salt }) {
      if (!token) return null;
      const secrets = secretsOf(secret);
      const jwe = parseCompact(token, readHeader);
      const { enc, kid } = jwe.header;
      for (const candidate of secrets) {
        const key = await keyring.get(enc, candidate, saltOf(salt));
        if (kid !== undefined && key.kid !== kid) continue;
        const plaintext = await decryptCompact(jwe, key);
        if (plaintext) return checkClaims(plaintext);
      }
      // The reference's error, type and message, which apps that call decode() themselves may match on.
      throw new Error("no matching decryption secret");
    },
  };
}

/** Encodes like the reference's `encode`; derives the key on every call. Prefer a codec on hot paths. */
export function encode(params: JWTEncodeParams): Promise<string> {
  return createJwtCodec().encode(params);
}

/** Decodes like the reference's `decode`; derives the keys on every call. Prefer a codec on hot paths. */
export function decode(params: JWTDecodeParams): Promise<JWT | null> {
  return createJwtCodec().decode(params);
}

/** The claims set, once it is a JSON object whose time claims hold at the current time. */
export function checkClaims(plaintext: Uint8Array): JWT {
  const claims = parseJsonObject(plaintext);
  if (!claims) throw new JWTSessionError("JWT claims set is not a JSON object");
  const now = nowInSeconds();
  for (const name of ["iat", "nbf", "exp"]) {
    if (claims[name] !== undefined && typeof claims[name] !== "number") {
      throw new JWTSessionError(`JWT "${name}" claim must be a number`);
    }
  }
  if (claims.nbf !== undefined && (claims.nbf as number) > now + CLOCK_TOLERANCE) {
    throw new JWTSessionError("JWT is not valid yet");
  }
  if (claims.exp !== undefined && (claims.exp as number) <= now - CLOCK_TOLERANCE) {
    throw new JWTSessionError("JWT has expired");
  }
  return claims as JWT;
}

/** The secrets, newest first. An empty one is refused rather than skipped, so it cannot go unnoticed. */
function secretsOf(secret: string | string[] | undefined): string[] {
  const secrets = Array.isArray(secret) ? secret : [secret];
  if (secrets.length === 0 || !secrets.every((value) => typeof value === "string" && value.length > 0)) {
    throw new MissingSecret("JWT secret: pass a non-empty string, or an array of them with the newest first");
  }
  return secrets as string[];
}

function saltOf(salt: unknown): string {
  if (typeof salt !== "string") throw new TypeError("salt must be a string (the cookie name)");
  return salt;
}

function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
