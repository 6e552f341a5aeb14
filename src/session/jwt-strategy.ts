import { JWTSessionError } from "../errors.js";
import type { AuthContext } from "../http/context.js";
import { readChunked } from "../http/cookies.js";
import type { JWT, Session } from "../types.js";
import { clearSessionCookie, setSessionCookie } from "./cookie.js";
import { defaultCallbacks } from "../config/defaults.js";
import { emit } from "../flows/events.js";

const nowSeconds = () => Math.floor(Date.now() / 1000);

function withoutTimestamps(token: JWT): JWT {
  const { iat: _iat, exp: _exp, jti: _jti, ...payload } = token;
  return payload;
}

/** The session JWT in the request's cookie, or null. An undecryptable or expired one is cleared. */
export async function readToken(ctx: AuthContext): Promise<JWT | null> {
  const { config } = ctx;
  const salt = ctx.cookies.sessionToken.name;
  const raw = readChunked(ctx.requestCookies, salt);
  if (!raw) return null;
  try {
    const token = await config.jwt.decode({ token: raw, secret: config.secrets, salt });
    if (token) return token;
  } catch (error) {
    config.logger.debug("session token could not be decoded", { reason: (error as Error).name });
  }
  clearSessionCookie(ctx);
  return null;
}

/** Encodes `token` into the session cookie with a fresh expiry; returns the expiry. */
export async function issueToken(ctx: AuthContext, token: JWT): Promise<Date> {
  const { config } = ctx;
  const salt = ctx.cookies.sessionToken.name;
  const maxAge = config.jwt.maxAge;
  const encoded = await config.jwt.encode({ token: withoutTimestamps(token), secret: config.secrets, salt, maxAge });
  const expires = new Date(Date.now() + maxAge * 1000);
  setSessionCookie(ctx, encoded, expires);
  return expires;
}

function toSession(token: JWT, expires: Date): Session {
  return { user: { name: token.name, email: token.email, image: token.picture }, expires: expires.toISOString() };
}

/**
 * The session for a JWT cookie. A cookie younger than `updateAge` is decrypted once and not re-issued,
 * unless the jwt callback changed the token.
 */
export async function jwtSession(ctx: AuthContext, update?: { data: unknown }): Promise<Session | null> {
  const { config } = ctx;
  const token = await readToken(ctx);
  if (!token) return null;
  const customJwt = config.callbacks.jwt !== defaultCallbacks.jwt;
  const before = customJwt ? JSON.stringify(token) : "";
  let next: JWT | null;
  try {
    next = await config.callbacks.jwt(
      update ? { token, user: {}, trigger: "update", session: update.data } : ({ token } as Parameters<typeof config.callbacks.jwt>[0]),
    );
  } catch (error) {
    throw new JWTSessionError("The jwt callback threw.", { err: error as Error });
  }
  if (!next) {
    clearSessionCookie(ctx);
    return null;
  }
  const due = nowSeconds() - (typeof token.iat === "number" ? token.iat : 0) >= config.session.updateAge;
  const changed = customJwt && (next !== token || JSON.stringify(next) !== before);
  const expires = due || changed || update ? await issueToken(ctx, next) : new Date((token.exp ?? nowSeconds()) * 1000);
  const session = (await config.callbacks.session({
    session: toSession(next, expires),
    token: next,
    ...(update ? { newSession: update.data, trigger: "update" as const } : {}),
  } as Parameters<typeof config.callbacks.session>[0])) as Session;
  await emit(config, "session", { session, token: next });
  return session;
}
