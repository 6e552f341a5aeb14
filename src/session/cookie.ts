import type { AuthContext } from "../http/context.js";
import { CHUNK_SIZE, clearChunked, writeChunked, type OutCookie } from "../http/cookies.js";

/** The changes that set the session cookie (chunked when large), clearing chunks the previous value used. */
export function setSessionCookie(ctx: AuthContext, value: string, expires: Date): OutCookie[] {
  const { name, options } = ctx.cookies.sessionToken;
  return writeChunked(name, value, { ...options, expires }, ctx.requestCookies);
}

/**
 * Database strategy: the session token the request's cookie carries. A value no session cookie of ours holds
 * (longer than one cookie, or with a control character) is none: it never reaches the adapter, where
 * PostgreSQL would refuse a NUL with an error on every request.
 */
export function databaseSessionToken(ctx: AuthContext): string | undefined {
  const value = ctx.requestCookies[ctx.cookies.sessionToken.name];
  return value && value.length <= CHUNK_SIZE && !/\p{Cc}/u.test(value) ? value : undefined;
}

/** Clears the session cookie, and the cookie naming the session's provider accounts where the browser has one. */
export function clearSessionCookie(ctx: AuthContext): OutCookie[] {
  const { name, options } = ctx.cookies.sessionToken;
  const accounts = ctx.cookies.providerAccounts;
  return [
    ...clearChunked(name, options, ctx.requestCookies),
    ...(Object.hasOwn(ctx.requestCookies, accounts.name)
      ? clearChunked(accounts.name, accounts.options, ctx.requestCookies)
      : []),
  ];
}

/** At sign-out: a passkey ceremony the browser began while signed in must not outlive the session. */
export function clearChallengeCookie(ctx: AuthContext): OutCookie[] {
  const { name, options } = ctx.cookies.webauthnChallenge;
  return Object.hasOwn(ctx.requestCookies, name) ? clearChunked(name, options, ctx.requestCookies) : [];
}
