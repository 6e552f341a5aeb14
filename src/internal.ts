/**
 * What the framework entries (`shims/`) take from the core beyond the public root: the helpers they share
 * with it (the one Set-Cookie writer, the trusted origin of a request made of headers, the process-wide
 * memo) and the types of their calls into it. Not a package entry: the shims are bundled with the core, and
 * nothing here is part of the semver promise. Everything the root exports is here too, so that a shim has
 * one import line.
 */
export * from "./index.js";
export type { CreateAuthOptions } from "./auth-interface.js";
export type { SessionResult } from "./session/strategy.js";
export { createMemo, type Memo } from "./memo.js";
export type { AuthorizationParams, CallContext, CallResult, SignInOptions } from "./in-process.js";
export type { ResolvedConfig } from "./config/resolved-config.js";
export type { OutCookie } from "./http/context.js";
export { setCookieLines, withSetCookies } from "./http/cookies.js";
export { requestFromHeaders } from "./http/context.js";
export type { ProviderId } from "./config/providers/reference-names.js";
export type { SignInProof } from "./session/strategy.js";
export type { RecentSignInOptions } from "./recent-sign-in/step-up.js";
