/**
 * Every failure sekisho raises is an AuthError with a stable `type`.
 * `kind: "signIn"` errors send the user back to the sign-in page; the rest go to the error page.
 * Only the client-safe types keep their name in `?error=`; every other type is shown as `Configuration`.
 * Each error is a class of its own, so that it is a type as well as a value and `instanceof` works
 * whichever entry (`sekisho`, `sekisho/next`, `sekisho/sveltekit`, `sekisho/hono`) it is imported from.
 */

/** The name of a failure: the `type` of its error class, in logs and (if client-safe) in `?error=`. */
export type ErrorType =
  | "AccessDenied"
  | "AccountNotLinked"
  | "AdapterError"
  | "CallbackRouteError"
  | "CredentialsSignin"
  | "DuplicateConditionalUI"
  | "EmailSignInError"
  | "ErrorPageLoop"
  | "EventError"
  | "ExperimentalFeatureNotEnabled"
  | "InvalidCallbackUrl"
  | "InvalidCheck"
  | "InvalidEndpoints"
  | "InvalidProvider"
  | "InvalidRequest"
  | "JWTSessionError"
  | "MissingAdapter"
  | "MissingAdapterMethods"
  | "MissingAuthorize"
  | "MissingCSRF"
  | "MissingSecret"
  | "MissingWebAuthnAutocomplete"
  | "OAuthAccountNotLinked"
  | "OAuthCallbackError"
  | "OAuthProfileParseError"
  | "OAuthSignInError"
  | "RateLimited"
  | "SessionTokenError"
  | "SignOutError"
  | "UnknownAction"
  | "UnsupportedStrategy"
  | "UntrustedHost"
  | "Verification"
  | "WebAuthnVerificationError";

/** Where a failure sends the user: `signIn` to the sign-in page, `error` to the error page. */
export type ErrorKind = "signIn" | "error";

/** What led to a failure: `err` is the underlying error, the other keys are details for the log. */
export interface ErrorCause extends Record<string, unknown> {
  err?: Error;
}

/**
 * The base of every failure sekisho raises. `type` names the failure in logs and, when the type is
 * client-safe, in the `?error=` of the page the user is sent to; `cause.err` keeps the underlying error.
 * Code tells the failures apart with `instanceof`; `logger.error` receives them.
 *
 * @example
 * ```ts
 * const auth = createAuth({
 *   providers,
 *   logger: {
 *     error(error) {
 *       if (error instanceof AuthError) report(error.type, error.cause?.err);
 *     },
 *   },
 * });
 * ```
 */
export class AuthError extends Error {
  /** The type every instance of the class carries. */
  static type: ErrorType;
  /** Where the user is sent: `signIn` for the sign-in page, `error` for the error page. */
  static kind: ErrorKind = "error";
  /** The failure's name in logs and, if client-safe, in `?error=`. */
  type: ErrorType;
  /** `signIn` sends the user back to the sign-in page; `error` to the error page. */
  kind: ErrorKind;
  /** What led to the failure: `err` is the underlying error, the other keys are details for the log. */
  declare cause?: ErrorCause;

  constructor(message?: string | Error | ErrorCause, options?: ErrorCause) {
    if (message instanceof Error) {
      super(undefined, { cause: { err: message, ...(message.cause as object), ...options } });
    } else if (typeof message === "string") {
      if (options instanceof Error) options = { err: options, ...(options.cause as object) };
      super(message, options ? { cause: options } : undefined);
    } else {
      super(undefined, message ? { cause: message } : undefined);
    }
    const ctor = new.target as typeof AuthError;
    this.name = ctor.name;
    this.type = ctor.type ?? ("Configuration" as ErrorType);
    this.kind = ctor.kind ?? "error";
  }
}

/**
 * The base of the failures that send the user back to the sign-in page (`kind: "signIn"`), with the
 * type in `?error=` so the page can say what went wrong and the user can try again.
 */
export class SignInError extends AuthError {
  static kind: ErrorKind = "signIn";
}

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
 * The adapter (or a store such as `rateLimit.store`) failed, lacks a method an operation needs, or
 * answered in the wrong shape. The message names the method; `cause.err` holds the driver's error.
 * Not client-safe: the user sees `Configuration`.
 */
export class AdapterError extends AuthError {
  static type: ErrorType = "AdapterError";
}

/**
 * A callback route failed for a reason with no type of its own: the credentials provider's
 * `authorize` threw something other than `CredentialsSignin`, or a user record could not be made.
 * `cause.err` holds the original error. Not client-safe: the user sees `Configuration`.
 */
export class CallbackRouteError extends AuthError {
  static type: ErrorType = "CallbackRouteError";
}

/**
 * Raised at start-up when more than one WebAuthn provider enables conditional UI (passkey autofill),
 * which a page can offer for one provider only. Not client-safe.
 */
export class DuplicateConditionalUI extends AuthError {
  static type: ErrorType = "DuplicateConditionalUI";
}

/**
 * An email sign-in could not start: the address is missing, malformed, too long or uses look-alike
 * characters, or the message could not be sent. Sends the user to the sign-in page. Client-safe.
 */
export class EmailSignInError extends SignInError {
  static type: ErrorType = "EmailSignInError";
}

/**
 * Raised by the Next.js middleware when `callbacks.authorized` redirects a page to itself, which would
 * loop; the message names the page. Not client-safe.
 */
export class ErrorPageLoop extends AuthError {
  static type: ErrorType = "ErrorPageLoop";
}

/**
 * An `events` handler threw. Logged through `logger.error` only: events never change the answer to
 * the request. Not client-safe.
 */
export class EventError extends AuthError {
  static type: ErrorType = "EventError";
}

/**
 * Raised at start-up when the configuration uses an experimental feature (such as WebAuthn) without
 * switching it on in `experimental`. The message names the flag. Not client-safe.
 */
export class ExperimentalFeatureNotEnabled extends AuthError {
  static type: ErrorType = "ExperimentalFeatureNotEnabled";
}

/**
 * A `callbackUrl` (parameter or cookie) is malformed. Answered with 400: JSON naming the type, or the
 * error page for a browser.
 */
export class InvalidCallbackUrl extends AuthError {
  static type: ErrorType = "InvalidCallbackUrl";
}

/**
 * An OAuth or OIDC check failed at the callback: `state`, the PKCE verifier or the `nonce` is missing
 * or does not match its cookie (an expired attempt, another tab, or a forged callback). Not
 * client-safe: the user sees `Configuration`.
 */
export class InvalidCheck extends AuthError {
  static type: ErrorType = "InvalidCheck";
}

/**
 * Raised at start-up when a provider's endpoints (`authorization`, `token`, `userinfo`, `issuer`) or
 * `basePath` are missing or not valid URLs. The message names the option. Not client-safe.
 */
export class InvalidEndpoints extends AuthError {
  static type: ErrorType = "InvalidEndpoints";
}

/**
 * A provider is configured wrongly (raised at start-up, naming the option), or a request names a
 * provider that is not configured (answered with 400: JSON naming the type, or the error page).
 */
export class InvalidProvider extends AuthError {
  static type: ErrorType = "InvalidProvider";
}

/**
 * A request sekisho cannot read: a body too large or too slow, not valid UTF-8, or a malformed header
 * or parameter. Answered with 400: JSON naming the type, or the error page for a browser.
 */
export class InvalidRequest extends AuthError {
  static type: ErrorType = "InvalidRequest";
}

/**
 * A session token could not be read or made: no secret decrypts it, its claims are malformed, or the
 * `jwt` callback threw. A read treats the session as absent. Not client-safe.
 */
export class JWTSessionError extends AuthError {
  static type: ErrorType = "JWTSessionError";
}

/**
 * The configuration needs an adapter and has none: database sessions, email sign-in or WebAuthn.
 * Raised at start-up, naming what needs it. Not client-safe.
 */
export class MissingAdapter extends AuthError {
  static type: ErrorType = "MissingAdapter";
}

/**
 * The adapter lacks methods the configuration needs. Raised at start-up, naming the methods. Not
 * client-safe.
 */
export class MissingAdapterMethods extends AuthError {
  static type: ErrorType = "MissingAdapterMethods";
}

/**
 * Raised at start-up when a credentials provider has no `authorize` function. Not client-safe.
 */
export class MissingAuthorize extends AuthError {
  static type: ErrorType = "MissingAuthorize";
}

/**
 * A state-changing request came without a CSRF token, or with one that does not match the CSRF cookie
 * (an old form, another tab, cookies cleared). Sends the user to the sign-in page. Client-safe.
 */
export class MissingCSRF extends SignInError {
  static type: ErrorType = "MissingCSRF";
}

/**
 * No secret is configured (`secret` or `AUTH_SECRET`), or it is too short. Raised at start-up, or by
 * `getToken` when called without one. Not client-safe.
 */
export class MissingSecret extends AuthError {
  static type: ErrorType = "MissingSecret";
}

/**
 * Raised at start-up when a WebAuthn provider enables conditional UI but none of its form fields
 * carries `autocomplete: "webauthn"`. Not client-safe.
 */
export class MissingWebAuthnAutocomplete extends AuthError {
  static type: ErrorType = "MissingWebAuthnAutocomplete";
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
 * The provider's `profile` function threw or returned no usable user. Not client-safe.
 */
export class OAuthProfileParseError extends AuthError {
  static type: ErrorType = "OAuthProfileParseError";
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
 * A session could not be read or updated. Kept so that code written against Auth.js, which catches
 * it, compiles and runs; sekisho does not raise it. Not client-safe.
 */
export class SessionTokenError extends AuthError {
  static type: ErrorType = "SessionTokenError";
}

/**
 * Sign-out failed. Kept so that code written against Auth.js, which catches it, compiles and runs;
 * sekisho does not raise it (a failed sign-out raises the error of the step that failed). Not
 * client-safe.
 */
export class SignOutError extends AuthError {
  static type: ErrorType = "SignOutError";
}

/**
 * The request names no action sekisho has, or uses a method the route does not take. Answered with
 * 400: JSON naming the type, or the error page for a browser.
 */
export class UnknownAction extends AuthError {
  static type: ErrorType = "UnknownAction";
}

/**
 * Raised at start-up when `session.strategy` is neither `jwt` nor `database`, or a session duration
 * is out of range. The message names the option. Not client-safe.
 */
export class UnsupportedStrategy extends AuthError {
  static type: ErrorType = "UnsupportedStrategy";
}

/**
 * Raised at start-up in production when neither `AUTH_URL` nor `trustHost` (or `AUTH_TRUST_HOST`)
 * says which host the site answers on, since the Host header alone is not trusted. Not client-safe.
 */
export class UntrustedHost extends AuthError {
  static type: ErrorType = "UntrustedHost";
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

/** Another name for {@link MissingSecret}, under which Auth.js code may import it. */
export const MissingSecretError = MissingSecret;
/** Another name for {@link MissingSecret}, under which Auth.js code may import it. */
export type MissingSecretError = MissingSecret;

const clientSafe = new Set<ErrorType>([
  "CredentialsSignin",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "AccessDenied",
  "Verification",
  "MissingCSRF",
  "AccountNotLinked",
  "WebAuthnVerificationError",
  "EmailSignInError",
  "RateLimited",
]);

/** The code shown to the client for an error: its type when client-safe, otherwise `Configuration`. */
export function clientErrorCode(error: unknown): string {
  if (error instanceof AuthError && clientSafe.has(error.type)) return error.type;
  return "Configuration";
}

/** Whether an error's type may be shown to the client (in `?error=`) rather than as `Configuration`. */
export function isClientSafe(error: unknown): error is AuthError {
  return error instanceof AuthError && clientSafe.has(error.type);
}
