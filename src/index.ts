export { createAuth, type Auth, type CreateAuthOptions, type SessionResult } from "./auth.js";
export type { CallContext, CallResult, SignInOptions, AuthorizationParams } from "./in-process.js";
export * from "./errors.js";
export { skipCSRFCheck } from "./config/types.js";
export type * from "./config/types.js";
export type * from "./types.js";
export type * from "./adapters/types.js";
export type { RateLimitOptions, RateLimitRule, RateLimitWindow } from "./rate-limit/options.js";
export type { RateLimitCount, RateLimitStore } from "./rate-limit/store.js";
export type { ProviderAccessToken } from "./session/provider-tokens/types.js";
export { customFetch } from "./providers/types.js";
export type * from "./providers/types.js";
export type { OutCookie } from "./http/context.js";
export { requestFromHeaders } from "./http/origin.js";
/** How `signIn(provider, options)` reads its options (an object or a form), shared with `sekisho/client`. */
export { signInFields } from "./sign-in-options.js";
