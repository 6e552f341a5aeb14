/**
 * The failures a user can meet while signing in, and try again after: the callbacks refused them, a check or code
 * did not match, a provider answered with an error, a limit was reached. Most are client-safe: their type reaches
 * `?error=` so that the page can say what went wrong.
 */
import { AuthError, SignInError, type ErrorType } from "./errors.js";

/**
 * A sign-in was refused: the `signIn` callback returned something other than `true` or threw, or the
 * `jwt` callback returned null at sign-in. Client-safe: the error page shows `?error=AccessDenied`.
 */
export class AccessDenied extends AuthError {
  static type: ErrorType = "AccessDenied";
}

/**
 * An email sign-in (link or code) names an address that belongs to another user than the one already
 * signed in in this browser, so it cannot be added to that user. Sends the user to the sign-in page.
 * Client-safe.
 */
export class AccountNotLinked extends SignInError {
  static type: ErrorType = "AccountNotLinked";
}

/**
 * Thrown from a credentials provider's `authorize`, or raised when it returns null. Sends the user to
 * the sign-in page with `?error=CredentialsSignin&code=<code>`. Client-safe: `code` reaches the URL,
 * so keep it vague ("credentials", not "wrong password").
 *
 * @example
 * ```ts
 * class AccountLocked extends CredentialsSignin {
 *   code = "locked";
 * }
 * ```
 */
export class CredentialsSignin extends SignInError {
  static type: ErrorType = "CredentialsSignin";
  /** The `code` query parameter of the redirect; visible to the user. @default "credentials" */
  code = "credentials";
}

/**
 * An email sign-in could not start: the address is missing, malformed, too long or uses look-alike
 * characters, or the message could not be sent. Sends the user to the sign-in page. Client-safe.
 */
export class EmailSignInError extends SignInError {
  static type: ErrorType = "EmailSignInError";
}

/**
 * A state-changing request came without a CSRF token, or with one that does not match the CSRF cookie
 * (an old form, another tab, cookies cleared). Sends the user to the sign-in page. Client-safe.
 */
export class MissingCSRF extends SignInError {
  static type: ErrorType = "MissingCSRF";
}

/**
 * An OAuth sign-in found its account linked to another user, or its email address used by another
 * user while the provider does not allow linking by email. Sends the user to the sign-in page.
 * Client-safe.
 */
export class OAuthAccountNotLinked extends SignInError {
  static type: ErrorType = "OAuthAccountNotLinked";
}

/**
 * The OAuth provider answered the callback with an error (the user declined, for example), without a
 * code, or its token response was refused. Sends the user to the sign-in page. Client-safe.
 */
export class OAuthCallbackError extends SignInError {
  static type: ErrorType = "OAuthCallbackError";
}

/**
 * An OAuth sign-in could not start. Kept so that code written against Auth.js, which catches it,
 * compiles and runs; sekisho does not raise it. Its kind sends the user to the sign-in page; not
 * client-safe (`?error=Configuration`).
 */
export class OAuthSignInError extends SignInError {
  static type: ErrorType = "OAuthSignInError";
}

/**
 * Too many requests of one kind from one client or for one identifier (see `rateLimit`). Sends the
 * user to the sign-in page; `retryAfter` is in seconds. Client-safe.
 */
export class RateLimited extends SignInError {
  static type: ErrorType = "RateLimited";
  constructor(
    message: string,
    /** Seconds until the client may try again. */
    readonly retryAfter: number,
  ) {
    super(message);
  }
}

/**
 * An email link or code is invalid, expired or already used. The error page offers a new one.
 * Client-safe.
 */
export class Verification extends AuthError {
  static type: ErrorType = "Verification";
}

/**
 * A WebAuthn (passkey) ceremony failed: no or a stale challenge cookie, a challenge issued for another
 * action, or an answer the authenticator's signature does not verify. Client-safe.
 */
export class WebAuthnVerificationError extends AuthError {
  static type: ErrorType = "WebAuthnVerificationError";
}
