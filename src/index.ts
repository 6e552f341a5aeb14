/**
 * `sekisho`: what an app needs from the core. `createAuth` and its `Auth`, the configuration and its option
 * groups, the session's types, and the errors. Adapter types are in `sekisho/adapters`, provider types in
 * `sekisho/providers`, the JWT helpers in `sekisho/jwt`, as in Auth.js.
 */
export { createAuth } from "./auth.js";
export type { Auth } from "./auth-interface.js";
export {
  AccessDenied,
  AccountNotLinked,
  AdapterError,
  AuthError,
  CallbackRouteError,
  CredentialsSignin,
  DuplicateConditionalUI,
  EmailSignInError,
  ErrorPageLoop,
  EventError,
  ExperimentalFeatureNotEnabled,
  InvalidCallbackUrl,
  InvalidCheck,
  InvalidEndpoints,
  InvalidProvider,
  InvalidRequest,
  JWTSessionError,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingCSRF,
  MissingSecret,
  MissingSecretError,
  MissingWebAuthnAutocomplete,
  OAuthAccountNotLinked,
  OAuthCallbackError,
  OAuthProfileParseError,
  OAuthSignInError,
  RateLimited,
  SessionTokenError,
  SignInError,
  SignOutError,
  UnknownAction,
  UnsupportedStrategy,
  UntrustedHost,
  Verification,
  WebAuthnVerificationError,
} from "./errors.js";
export {
  skipCSRFCheck,
  type AuthConfig,
  type CallbacksOptions,
  type CookieOption,
  type CookiesOptions,
  type EventCallbacks,
  type LoggerInstance,
  type PagesOptions,
  type Theme,
  type WarningCode,
} from "./config/config-types.js";
export type { Account, Awaitable, DefaultSession, JWT, Profile, Session, TokenSet, User } from "./shared-types.js";
export { customFetch } from "./config/providers/provider-types.js";
export type { ProviderAccessToken } from "./session/provider-tokens/provider-token-types.js";
export type { RateLimitStore } from "./adapters/rate-limit/rate-limit-store.js";
