import type { AuthContext } from "../http/context.js";
import { clearChunked, writeChunked } from "../http/cookies.js";

/** Sets the session cookie (chunked when large), clearing chunks the previous value used. */
export function setSessionCookie(ctx: AuthContext, value: string, expires: Date): void {
  const { name, options } = ctx.cookies.sessionToken;
  ctx.setCookies.push(...writeChunked(name, value, { ...options, expires }, ctx.requestCookies));
}

export function clearSessionCookie(ctx: AuthContext): void {
  const { name, options } = ctx.cookies.sessionToken;
  ctx.setCookies.push(...clearChunked(name, options, ctx.requestCookies));
}

/** At sign-out: a passkey ceremony the browser began while signed in must not outlive the session. */
export function clearChallengeCookie(ctx: AuthContext): void {
  const { name, options } = ctx.cookies.webauthnChallenge;
  if (Object.hasOwn(ctx.requestCookies, name)) ctx.setCookies.push(...clearChunked(name, options, ctx.requestCookies));
}
