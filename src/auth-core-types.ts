/**
 * `sekisho/types`: the counterpart of `@auth/core/types`. Every type an Auth.js app imports from there, so that
 * only the module name changes. The root (`sekisho`) keeps what a new app needs; this entry adds the reference's
 * remaining vocabulary (page error parameters, actions, the public provider shape, WebAuthn's options body), and the
 * account features' types: their option groups, a session's sign-in proof, and what `GET {basePath}/account`
 * answers a script (`AccountView`, its sessions `SessionView`).
 */
export type * from "./shared-types.js";
export type { AccountOptions, AuthConfig } from "./config/config-types.js";
export type {
  CallbacksOptions,
  CookieOption,
  CookiesOptions,
  EventCallbacks,
  LoggerInstance,
  PagesOptions,
  Theme,
  WarningCode,
} from "./index.js";
export type * from "./config/reference-types.js";
export type { ProviderId } from "./config/providers/reference-names.js";
export type { WebAuthnOptionsResponse as WebAuthnOptionsResponseBody } from "./passkeys/options.js";
export type { SignInProof } from "./session/strategy.js";
export type { RecentSignInOptions } from "./recent-sign-in/step-up.js";
export type { AccountView, SessionView } from "./http/page-description.js";
