/**
 * `sekisho`: what an app needs from the core. `createAuth` and its `Auth`, the configuration and its option
 * groups, the session's types, and the errors. Adapter types are in `sekisho/adapters`, provider types in
 * `sekisho/providers`, the JWT helpers in `sekisho/jwt`, as in Auth.js.
 */
export { createAuth } from "./auth.js";
export type { Auth } from "./auth-interface.js";
export {
  AuthError,
  CallbackRouteError,
  InvalidCallbackUrl,
  InvalidCheck,
  InvalidProvider,
  InvalidRequest,
  JWTSessionError,
  SessionTokenError,
  SignInError,
  SignOutError,
  UnknownAction,
} from "./errors.js";
export {
  AccessDenied,
  AccountNotLinked,
  CredentialsSignin,
  EmailSignInError,
  MissingCSRF,
  OAuthAccountNotLinked,
  OAuthCallbackError,
  OAuthSignInError,
  RateLimited,
  Verification,
  WebAuthnVerificationError,
} from "./sign-in-errors.js";
export {
  AdapterError,
  DuplicateConditionalUI,
  ErrorPageLoop,
  EventError,
  ExperimentalFeatureNotEnabled,
  InvalidEndpoints,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  MissingSecretError,
  MissingWebAuthnAutocomplete,
  OAuthProfileParseError,
  UnsupportedStrategy,
  UntrustedHost,
} from "./configuration-errors.js";
export { type AuthConfig, skipCSRFCheck } from "./config/config-types.js";
export type { CallbacksOptions } from "./config/callbacks-options.js";
export type { CookieOption, CookiesOptions } from "./config/cookie-options.js";
export type { EventCallbacks } from "./config/event-callbacks.js";
export type { LoggerInstance, WarningCode } from "./logger.js";
export type { PagesOptions } from "./config/pages-options.js";
export type { Theme } from "./config/theme-colors.js";
export type { Account, Awaitable, DefaultSession, JWT, Profile, Session, TokenSet, User } from "./shared-types.js";
export { customFetch } from "./config/providers/provider-types.js";
export type { ProviderAccessToken } from "./session/provider-tokens/provider-token-types.js";
export type { RateLimitStore } from "./adapters/rate-limit/rate-limit-store.js";
