import type { CallbacksOptions } from "./config-types.js";
import { defaultRedirect } from "./default-redirect.js";

export const defaultMaxAge = 30 * 24 * 60 * 60;
export const defaultUpdateAge = 24 * 60 * 60;
/** Seconds between an instance's reads of the revocations (jwt strategy). */
export const defaultRevocationCheckInterval = 10;
/** Seconds after the user last proved who they are that a sensitive action is allowed: `account.recentSignIn`. */
export const defaultRecentSignIn = 600;
/** The absolute session lifetime unless the strategy's `maxAge` is longer: 90 days, so `maxAge` still slides within it. */
export const defaultAbsoluteMaxAge = 90 * 24 * 60 * 60;

/** What the session carries once a provider refused its refresh token (provider tokens); the app sends the user to sign in again. */
export const REFRESH_TOKEN_ERROR = "RefreshTokenError";

export const defaultCallbacks: CallbacksOptions = {
  signIn: () => true,
  redirect: defaultRedirect,
  // what a session shows by default, whichever the strategy: a database session's row and user are trimmed to this
  session: ({ session }) => ({
    user: { name: session.user?.name, email: session.user?.email, image: session.user?.image },
    expires: toISOString(session.expires),
    // a provider refused its refresh token (provider tokens): the app sends the user to sign in again
    ...("error" in session && session.error === REFRESH_TOKEN_ERROR ? { error: REFRESH_TOKEN_ERROR } : {}),
  }),
  jwt: ({ token }) => token,
};

function toISOString(expires: string | Date): string {
  return typeof expires === "string" ? expires : expires.toISOString();
}

export function generateSessionToken(): string {
  return crypto.randomUUID();
}
