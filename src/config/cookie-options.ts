/** A cookie's name and attributes, as the `cookies` option overrides them. */
export interface CookieOption {
  name: string;
  options: CookieAttributes;
}

/** The attributes of a `Set-Cookie` line. */
export interface CookieAttributes {
  httpOnly?: boolean;
  sameSite?: "lax" | "strict" | "none";
  path?: string;
  secure?: boolean;
  domain?: string;
  maxAge?: number;
  expires?: Date;
}

/** The cookies sekisho sets, by role; the `cookies` option renames them or changes their attributes. */
export type CookieKind =
  | "sessionToken"
  | "callbackUrl"
  | "csrfToken"
  | "pkceCodeVerifier"
  | "state"
  | "nonce"
  | "webauthnChallenge"
  /** sekisho's own: binds an emailed one-time code to the browser that asked for it. */
  | "emailOtp"
  /** sekisho's own: under the database strategy with a reference adapter, which provider account the session's user signed in with. */
  | "providerAccounts"
  /** sekisho's own: under the database strategy without sekisho's session records, when the session's user signed in. */
  | "sessionProof"
  /** sekisho's own: a browser the user trusted to skip the second factor (`twoFactor.trustedDevices`). */
  | "trustedDevice";

/** Every cookie's name and attributes, by role. */
export type CookiesOptions = Record<CookieKind, CookieOption>;
