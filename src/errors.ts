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
 * A callback route failed for a reason with no type of its own: the credentials provider's
 * `authorize` threw something other than `CredentialsSignin`, or a user record could not be made.
 * `cause.err` holds the original error. Not client-safe: the user sees `Configuration`.
 */
export class CallbackRouteError extends AuthError {
  static type: ErrorType = "CallbackRouteError";
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
