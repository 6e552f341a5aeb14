/**
 * The failures of an app's setup: a configuration, adapter, provider module or handler that cannot work as given.
 * None is client-safe: the user sees `Configuration`, and the log says what to change.
 */
import { AuthError, type ErrorType } from "./errors.js";

/**
 * The adapter (or a store such as `rateLimit.store`) failed, lacks a method an operation needs, or
 * answered in the wrong shape. The message names the method; `cause.err` holds the driver's error.
 * Not client-safe: the user sees `Configuration`.
 */
export class AdapterError extends AuthError {
  static type: ErrorType = "AdapterError";
}

/**
 * Raised at start-up when more than one WebAuthn provider enables conditional UI (passkey autofill),
 * which a page can offer for one provider only. Not client-safe.
 */
export class DuplicateConditionalUI extends AuthError {
  static type: ErrorType = "DuplicateConditionalUI";
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
 * Raised at start-up when a provider's endpoints (`authorization`, `token`, `userinfo`, `issuer`) or
 * `basePath` are missing or not valid URLs. The message names the option. Not client-safe.
 */
export class InvalidEndpoints extends AuthError {
  static type: ErrorType = "InvalidEndpoints";
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
 * The provider's `profile` function threw or returned no usable user. Not client-safe.
 */
export class OAuthProfileParseError extends AuthError {
  static type: ErrorType = "OAuthProfileParseError";
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

/** Another name for {@link MissingSecret}, under which Auth.js code may import it. */
export const MissingSecretError = MissingSecret;
/** Another name for {@link MissingSecret}, under which Auth.js code may import it. */
export type MissingSecretError = MissingSecret;
