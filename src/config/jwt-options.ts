import type { Awaitable, JWT } from "../shared-types.js";

/** What `jwt.encode` receives. */
export interface JWTEncodeParams<Payload = JWT> {
  token?: Payload;
  secret: string | string[];
  salt: string;
  maxAge?: number;
}

/** What `jwt.decode` receives. */
export interface JWTDecodeParams {
  token?: string;
  secret: string | string[];
  salt: string;
}

/** The `jwt` option: the session token under the jwt strategy. */
export interface JWTOptions {
  /**
   * Seconds a session token is valid for.
   * @default session.maxAge (30 days)
   * @example
   * ```ts
   * jwt: { maxAge: 7 * 24 * 60 * 60 }
   * ```
   */
  maxAge: number;
  /**
   * Turns a token's claims into the cookie's value. Replace it together with `decode`, only to read and
   * write tokens another system shares; the default encrypts with the secret and can be read by Auth.js.
   * @default an encrypted JWT (JWE, `dir` + `A256CBC-HS512`), keyed from the secret and the cookie name
   * @example
   * ```ts
   * jwt: { encode: ({ token, secret, salt }) => mySeal(token, secret, salt) }
   * ```
   */
  encode: (params: JWTEncodeParams) => Awaitable<string>;
  /**
   * Reads a cookie's value back into claims, or null when it cannot; the counterpart of `encode`.
   * @default the decryption of the built-in encrypted JWT, trying each secret in turn
   * @example
   * ```ts
   * jwt: { decode: ({ token, secret, salt }) => myUnseal(token, secret, salt) }
   * ```
   */
  decode: (params: JWTDecodeParams) => Awaitable<JWT | null>;
}
