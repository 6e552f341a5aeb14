/**
 * Every failure sekisho raises is an AuthError with a stable `type`.
 * `kind: "signIn"` errors send the user back to the sign-in page; the rest go to the error page.
 * Only the client-safe types keep their name in `?error=`; every other type is shown as `Configuration`.
 */

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

export type ErrorKind = "signIn" | "error";

export interface ErrorCause extends Record<string, unknown> {
  err?: Error;
}

export class AuthError extends Error {
  static type: ErrorType;
  static kind: ErrorKind = "error";
  type: ErrorType;
  kind: ErrorKind;
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

function defineError(type: ErrorType, kind: ErrorKind = "error", base: typeof AuthError = AuthError) {
  const cls = class extends base {};
  Object.defineProperty(cls, "name", { value: type });
  cls.type = type;
  cls.kind = kind;
  return cls;
}

export class SignInError extends AuthError {
  static kind: ErrorKind = "signIn";
}

/** Thrown from `authorize`, or raised when it returns null. `code` reaches the URL; keep it vague. */
export class CredentialsSignin extends SignInError {
  static type: ErrorType = "CredentialsSignin";
  code = "credentials";
}

/** Too many requests of one kind from one client or for one identifier; `retryAfter` is in seconds. */
export class RateLimited extends SignInError {
  static type: ErrorType = "RateLimited";
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(message);
  }
}

export const AccessDenied = defineError("AccessDenied");
export const AccountNotLinked = defineError("AccountNotLinked", "signIn", SignInError);
export const AdapterError = defineError("AdapterError");
export const CallbackRouteError = defineError("CallbackRouteError");
export const DuplicateConditionalUI = defineError("DuplicateConditionalUI");
export const EmailSignInError = defineError("EmailSignInError", "signIn", SignInError);
export const ErrorPageLoop = defineError("ErrorPageLoop");
export const EventError = defineError("EventError");
export const ExperimentalFeatureNotEnabled = defineError("ExperimentalFeatureNotEnabled");
export const InvalidCallbackUrl = defineError("InvalidCallbackUrl");
export const InvalidCheck = defineError("InvalidCheck");
export const InvalidEndpoints = defineError("InvalidEndpoints");
export const InvalidProvider = defineError("InvalidProvider");
/** A request sekisho cannot read: a malformed body, header or parameter. Answered with 400. */
export const InvalidRequest = defineError("InvalidRequest");
export const JWTSessionError = defineError("JWTSessionError");
export const MissingAdapter = defineError("MissingAdapter");
export const MissingAdapterMethods = defineError("MissingAdapterMethods");
export const MissingAuthorize = defineError("MissingAuthorize");
export const MissingCSRF = defineError("MissingCSRF", "signIn", SignInError);
export const MissingSecret = defineError("MissingSecret");
export const MissingWebAuthnAutocomplete = defineError("MissingWebAuthnAutocomplete");
export const OAuthAccountNotLinked = defineError("OAuthAccountNotLinked", "signIn", SignInError);
export const OAuthCallbackError = defineError("OAuthCallbackError", "signIn", SignInError);
export const OAuthProfileParseError = defineError("OAuthProfileParseError");
export const OAuthSignInError = defineError("OAuthSignInError", "signIn", SignInError);
export const SessionTokenError = defineError("SessionTokenError");
export const SignOutError = defineError("SignOutError");
export const UnknownAction = defineError("UnknownAction");
export const UnsupportedStrategy = defineError("UnsupportedStrategy");
export const UntrustedHost = defineError("UntrustedHost");
export const Verification = defineError("Verification");
export const WebAuthnVerificationError = defineError("WebAuthnVerificationError");

/** Another name for `MissingSecret`, kept for apps that import it by this one. */
export const MissingSecretError = MissingSecret;

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

export function isClientSafe(error: unknown): error is AuthError {
  return error instanceof AuthError && clientSafe.has(error.type);
}
