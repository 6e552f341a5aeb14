/** The claims every ID token carries (OpenID Connect Core §2) and their checks (RFC 7519 §4.1). */
import { CLOCK_TOLERANCE } from "../session/jwt-codec.js";
import { TokenError } from "./token-error.js";

export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat: number;
  [claim: string]: unknown;
}

const REQUIRED = ["iss", "sub", "aud", "exp", "iat"] as const;

/** Checks the signed `claims` against what this client expects; `now` is in seconds since the epoch. */
export function checkClaims(
  claims: Record<string, unknown>,
  expected: { issuer: string; audience: string },
  now = Math.floor(Date.now() / 1000),
): IdTokenClaims {
  for (const name of REQUIRED) if (claims[name] === undefined) throw claimInvalid(`the required "${name}" claim is missing`);
  if (claims.iss !== expected.issuer) throw claimInvalid(`the "iss" claim is not ${expected.issuer}`);
  if (typeof claims.sub !== "string") throw claimInvalid('the "sub" claim is not a string');
  if (!names(claims.aud, expected.audience)) throw claimInvalid('the "aud" claim does not name this client');
  if (numericDate(claims, "exp") <= now - CLOCK_TOLERANCE)
    throw new TokenError("ERR_JWT_EXPIRED", 'the "exp" claim is in the past');
  if (claims.nbf !== undefined && numericDate(claims, "nbf") > now + CLOCK_TOLERANCE)
    throw claimInvalid('the "nbf" claim is in the future');
  if (numericDate(claims, "iat") > now + CLOCK_TOLERANCE) throw claimInvalid('the "iat" claim is in the future');
  return claims as IdTokenClaims;
}

/** Whether an `aud` claim, one audience or several, includes `audience`. */
function names(aud: unknown, audience: string): boolean {
  return aud === audience || (Array.isArray(aud) && aud.includes(audience));
}

/** A NumericDate claim (RFC 7519 §2): seconds since the epoch, fractions allowed. */
function numericDate(claims: Record<string, unknown>, name: string): number {
  const value = claims[name];
  if (typeof value !== "number" || !Number.isFinite(value)) throw claimInvalid(`the "${name}" claim is not a number`);
  return value;
}

function claimInvalid(message: string): TokenError {
  return new TokenError("ERR_JWT_CLAIM_VALIDATION_FAILED", message);
}
