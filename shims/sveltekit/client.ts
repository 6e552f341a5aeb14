/**
 * `sekisho/sveltekit/client`: sign-in and sign-out from the browser for sekisho at `/auth`.
 * `signIn(providerId, params)` posts `params` (e.g. credentials fields) in the JSON redirect mode.
 */
export { signIn, signOut, getSession, getProviders, getCsrfToken, updateSession, authClient } from "../client/index.js";
export type { AuthorizationParams, SignInOptions, SignInResult, SignOutOptions } from "../client/index.js";
