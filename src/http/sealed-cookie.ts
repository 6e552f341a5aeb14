/**
 * Cookies sealed with the secret: any value (`sealCookieValue`), and the check cookies a sign-in carries to its
 * callback (state, PKCE verifier, nonce, WebAuthn challenge, email code), each sealed to one provider.
 */
import type { AuthContext } from "./context.js";
import type { CookieKind } from "../config/cookie-options.js";
import { InvalidCheck } from "../errors.js";
import type { OutCookie } from "./cookies.js";

/**
 * A cookie value sealed with the secret (the session codec, salted with the cookie's name, so a value cannot be
 * moved to another cookie), and read back. The check cookies and the provider-accounts cookie are kept this way.
 */
export async function sealCookieValue(
  ctx: AuthContext,
  name: string,
  token: Record<string, unknown>,
  maxAge: number,
): Promise<string> {
  return ctx.config.runtime.codec.encode({ token, secret: ctx.config.secrets, salt: name, maxAge });
}

/** The payload of the sealed cookie `name` this request carries; undefined when it carries none. Throws when it does not open. */
export async function openSealedCookie(ctx: AuthContext, name: string): Promise<Record<string, unknown> | null | undefined> {
  const raw = ctx.requestCookies[name];
  if (!raw) return undefined;
  return ctx.config.runtime.codec.decode({ token: raw, secret: ctx.config.secrets, salt: name });
}

/** A sealed cookie of `kind` holding `content`, kept until `expires`: the end of the session it belongs to. */
export async function sealedUntil(
  ctx: AuthContext,
  kind: CookieKind,
  content: Record<string, unknown>,
  expires: Date,
): Promise<OutCookie> {
  const { name, options } = ctx.cookies[kind];
  const maxAge = Math.max(1, Math.ceil((expires.getTime() - Date.now()) / 1000));
  return { name, value: await sealCookieValue(ctx, name, content, maxAge), options: { ...options, expires } };
}

/** The payload of the sealed cookie `name`; undefined when absent, or when it does not open (forged, expired, another secret). */
export async function openedOrNone(ctx: AuthContext, name: string): Promise<Record<string, unknown> | undefined> {
  try {
    return (await openSealedCookie(ctx, name)) ?? undefined;
  } catch {
    return undefined;
  }
}

// The check cookies

export type CheckCookie = Extract<CookieKind, "state" | "pkceCodeVerifier" | "nonce" | "webauthnChallenge" | "emailOtp">;

/** Check cookies live 15 minutes: long enough to sign in at the IdP, short enough to be useless later. */
export const checkMaxAge = 15 * 60;

/**
 * The cookie that seals `value` into a check bound to the provider, so another provider's callback cannot use it;
 * `fields` ride along with it (`openCheckCookie` reads them).
 */
export async function checkCookie(
  ctx: AuthContext,
  kind: CheckCookie,
  value: string,
  provider: string,
  maxAge = checkMaxAge,
  fields: Record<string, number> = {},
): Promise<OutCookie> {
  const { name, options } = ctx.cookies[kind];
  const sealed = await sealCookieValue(ctx, name, { ...fields, value, provider }, maxAge);
  return { name, value: sealed, options: { ...options, maxAge } };
}

/** The changes that clear the check cookies of `kinds` this request carries: a check is used once, whatever follows. */
export function clearChecks(ctx: AuthContext, kinds: CheckCookie[]): OutCookie[] {
  return kinds
    .filter((kind) => ctx.requestCookies[ctx.cookies[kind].name])
    .map((kind) => ({ name: ctx.cookies[kind].name, value: "", options: { ...ctx.cookies[kind].options, maxAge: 0 } }));
}

/**
 * Reads a check cookie for this provider (`clearChecks` clears it). Absent gives undefined; a cookie that
 * does not decrypt, has expired or belongs to another provider raises InvalidCheck.
 */
export async function useCheckCookie(ctx: AuthContext, kind: CheckCookie, provider: string): Promise<string | undefined> {
  return (await openCheckCookie(ctx, kind, provider))?.value;
}

/** As `useCheckCookie`, with the fields sealed beside the value. */
export async function openCheckCookie(
  ctx: AuthContext,
  kind: CheckCookie,
  provider: string,
): Promise<({ value: string } & Record<string, unknown>) | undefined> {
  const { name } = ctx.cookies[kind];
  let payload: Record<string, unknown> | null | undefined;
  try {
    payload = await openSealedCookie(ctx, name);
  } catch {
    throw new InvalidCheck(`The ${kind} cookie could not be read; it may have expired.`);
  }
  if (payload === undefined) return undefined;
  if (!payload || payload.provider !== provider || typeof payload.value !== "string") {
    throw new InvalidCheck(`The ${kind} cookie was not issued for provider "${provider}".`);
  }
  return payload as { value: string } & Record<string, unknown>;
}
