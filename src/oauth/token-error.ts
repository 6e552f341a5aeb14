/** Why a token was refused, as a stable code (the ones Auth.js logs carry) with a message for people. */
export type TokenErrorCode =
  | "ERR_JWS_INVALID"
  | "ERR_JWT_INVALID"
  | "ERR_JOSE_NOT_SUPPORTED"
  | "ERR_JOSE_ALG_NOT_ALLOWED"
  | "ERR_JWKS_NO_MATCHING_KEY"
  | "ERR_JWK_INVALID"
  | "ERR_JWS_SIGNATURE_VERIFICATION_FAILED"
  | "ERR_JWT_EXPIRED"
  | "ERR_JWT_CLAIM_VALIDATION_FAILED";

export class TokenError extends Error {
  override name = "TokenError";

  constructor(
    readonly code: TokenErrorCode,
    message: string,
  ) {
    super(message);
  }
}
