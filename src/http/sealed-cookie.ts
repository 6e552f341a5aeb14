import type { AuthContext } from "./context.js";

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
