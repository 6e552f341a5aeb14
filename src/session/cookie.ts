import type { AuthContext } from "../http/context.js";
import { CHUNK_SIZE, clearChunked, readChunked, writeChunked, type OutCookie } from "../http/cookies.js";

/** v4's names: `__Secure-` when its URL was https. Without NEXTAUTH_URL, v4 used the plain name behind https too. */
const COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

/**
 * The changes that set the session cookie (chunked when large), clearing chunks the previous value used and a
 * next-auth v4 cookie it takes the place of.
 */
export function setSessionCookie(ctx: AuthContext, value: string, expires: Date): OutCookie[] {
  const { name, options } = ctx.cookies.sessionToken;
  return [...writeChunked(name, value, { ...options, expires }, ctx.requestCookies), ...clearNextAuthV4Cookies(ctx)];
}

/**
 * Database strategy: the session token the request's cookie carries, and whether it came from a next-auth v4
 * cookie (read only without a sekisho one). A value no session cookie holds (longer than one cookie, or with
 * a control character) is none: it never reaches the adapter, where PostgreSQL would refuse a NUL with an
 * error on every request.
 */
export function databaseSessionCookie(ctx: AuthContext): { token: string; fromNextAuthV4: boolean } | undefined {
  const own = ctx.requestCookies[ctx.cookies.sessionToken.name];
  if (own) return isSessionToken(own) ? { token: own, fromNextAuthV4: false } : undefined;
  const v4 = nextAuthV4Cookie(ctx);
  return v4 && isSessionToken(v4) ? { token: v4, fromNextAuthV4: true } : undefined;
}

/** Database strategy: the session token the request's cookie carries (see databaseSessionCookie). */
export function databaseSessionToken(ctx: AuthContext): string | undefined {
  return databaseSessionCookie(ctx)?.token;
}

function isSessionToken(value: string): boolean {
  return value.length <= CHUNK_SIZE && !/\p{Cc}/u.test(value);
}

/** Clears the session cookie, and the cookies bound to the session (its provider accounts, its proof) the browser has. */
export function clearSessionCookie(ctx: AuthContext): OutCookie[] {
  const { name, options } = ctx.cookies.sessionToken;
  const bound = [ctx.cookies.providerAccounts, ctx.cookies.sessionProof].filter((cookie) =>
    Object.hasOwn(ctx.requestCookies, cookie.name),
  );
  return [
    ...clearChunked(name, options, ctx.requestCookies),
    ...clearNextAuthV4Cookies(ctx),
    ...bound.flatMap((cookie) => clearChunked(cookie.name, cookie.options, ctx.requestCookies)),
  ];
}

/** At sign-out: a passkey ceremony the browser began while signed in must not outlive the session. */
export function clearChallengeCookie(ctx: AuthContext): OutCookie[] {
  const { name, options } = ctx.cookies.webauthnChallenge;
  return Object.hasOwn(ctx.requestCookies, name) ? clearChunked(name, options, ctx.requestCookies) : [];
}

/** The v4 session cookie the request carries (joined from its chunks), when the app accepts them. */
export function nextAuthV4Cookie(ctx: AuthContext): string | undefined {
  if (!ctx.config.session.acceptNextAuthV4) return undefined;
  for (const name of COOKIE_NAMES) {
    const value = readChunked(ctx.requestCookies, name);
    if (value) return value;
  }
  return undefined;
}

/** Expiring entries for every v4 session cookie (and chunk) the request carries, when the app accepts them. */
export function clearNextAuthV4Cookies(ctx: AuthContext): OutCookie[] {
  if (!ctx.config.session.acceptNextAuthV4) return [];
  const cookies = ctx.requestCookies;
  return COOKIE_NAMES.flatMap((name) =>
    Object.hasOwn(cookies, name) || Object.hasOwn(cookies, `${name}.0`)
      ? clearChunked(name, { path: "/", httpOnly: true, sameSite: "lax", secure: name.startsWith("__Secure-") }, cookies)
      : [],
  );
}
