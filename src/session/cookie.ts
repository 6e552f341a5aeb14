import type { AuthContext } from "../http/context.js";
import { clearChunked, writeChunked, type OutCookie } from "../http/cookies.js";

/** The changes that set the session cookie (chunked when large), clearing chunks the previous value used. */
export function setSessionCookie(ctx: AuthContext, value: string, expires: Date): OutCookie[] {
  const { name, options } = ctx.cookies.sessionToken;
  return writeChunked(name, value, { ...options, expires }, ctx.requestCookies);
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
