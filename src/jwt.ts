/** The `sekisho/jwt` entry: the reference's `@auth/core/jwt` API, plus a key-caching codec. */
export { createJwtCodec, decode, encode, type JwtCodec } from "./session/jwt-codec.js";
export { getToken, type GetTokenParams } from "./session/get-token.js";
export type { JWTDecodeParams, JWTEncodeParams, JWTOptions } from "./config/jwt-options.js";
export type { DefaultJWT, JWT } from "./shared-types.js";
