import { JWTSessionError } from "../errors.js";
import type { AuthContext } from "../http/context.js";
import { readChunked, type OutCookie } from "../http/cookies.js";
import { failingWith } from "../http/outcome.js";
import type { JWT, Session } from "../types.js";
import { clearSessionCookie, setSessionCookie } from "./cookie.js";
import { defaultCallbacks } from "../config/defaults.js";
import { emit } from "../config/events.js";
import { revocationOf } from "./records/instance.js";
import { REFRESH_TOKEN_ERROR } from "./provider-tokens/types.js";
import { recordReissue, recordSession, type SignInSource } from "./records/record.js";
import { newSessionId } from "./records/session-id.js";
import type { SessionResult } from "./result.js";
import { isDueForUpdate } from "./update-age.js";
import { reportDecodeFailure } from "./decode-failure-report.js";

const nowSeconds = () => Math.floor(Date.now() / 1000);

function withoutTimestamps(token: JWT): JWT {
  const { iat: _iat, exp: _exp, jti: _jti, ...payload } = token;
  return payload;
}

/**
 * The session JWT in the request's cookie, or null. An undecryptable, expired or revoked one is cleared;
 * while the revocations cannot be read, the cookie is kept but gives no session.
 */
export async function readToken(ctx: AuthContext): Promise<{ token: JWT | null; cookies: OutCookie[] }> {
  const { config } = ctx;
  const salt = ctx.cookies.sessionToken.name;
  const raw = readChunked(ctx.requestCookies, salt);
  if (!raw) return { token: null, cookies: [] };
  let token: JWT | null = null;
  try {
    token = await config.jwt.decode({ token: raw, secret: config.secrets, salt });
  } catch (error) {
    reportDecodeFailure(config.runtime, config.logger, error);
  }
  const refusal = token ? await revocationOf(config, token) : "revoked";
  if (!refusal) return { token, cookies: [] };
  return { token: null, cookies: refusal === "revoked" ? clearSessionCookie(ctx) : [] };
}

/**
 * Encodes `token` into the session cookie with a fresh expiry and records the session (at sign-in, with
 * where it came from); returns the expiry and the cookie changes. A sign-in that cannot be recorded sets no
 * cookie: an unrecorded session would be one the list, "sign out others" and a claim cannot end.
 */
export async function issueToken(
  ctx: AuthContext,
  token: JWT,
  signIn?: SignInSource,
): Promise<{ expires: Date; cookies: OutCookie[] }> {
  const { config } = ctx;
  const salt = ctx.cookies.sessionToken.name;
  const maxAge = config.jwt.maxAge;
  const encoded = await config.jwt.encode({ token: withoutTimestamps(token), secret: config.secrets, salt, maxAge });
  const expires = new Date(Date.now() + maxAge * 1000);
  const cookies = setSessionCookie(ctx, encoded, expires);
  if (typeof token.sid === "string" && typeof token.sub === "string") {
    const session = { id: token.sid, userId: token.sub, expires };
    await (signIn ? recordSession(ctx, { ...session, signIn }) : recordReissue(ctx, session));
  }
  return { expires, cookies };
}

function toSession(token: JWT, expires: Date): Session {
  const error = token.error === REFRESH_TOKEN_ERROR ? { error: REFRESH_TOKEN_ERROR } : {};
  return { user: { name: token.name, email: token.email, image: token.picture }, expires: expires.toISOString(), ...error };
}

/** The claims sekisho alone writes and reads: the session id, the end-session hint and the provider tokens. */
interface OwnClaims {
  sid: string;
  endSession?: unknown;
  providerTokens?: unknown;
}

/**
 * A jwt callback's token with sekisho's own claims in place of any it holds. The callback may have merged in
 * what it does not vouch for (`update()` data from the browser, a profile, a user), and these claims decide
 * which session the list ends, which ID token goes to the provider at sign-out, and which refresh token is sent
 * with the client secret.
 */
export function withOwnClaims(next: JWT, own: OwnClaims): JWT {
  const { sid: _sid, endSession: _endSession, providerTokens: _providerTokens, ...rest } = next;
  return { ...rest, ...own };
}

/**
 * The token to re-issue: what the jwt callback returned, with the own claims of the token it was given. A
 * token minted without a session id gets one here, so it is listed and revocable by id from now on.
 */
function reissue(token: JWT, next: JWT): JWT {
  const sid = typeof token.sid === "string" ? token.sid : newSessionId();
  return withOwnClaims(next, { sid, endSession: token.endSession, providerTokens: token.providerTokens });
}

/**
 * The session for a JWT cookie. A cookie younger than `updateAge` is decrypted once and not re-issued,
 * unless the jwt callback changed the token.
 */
export async function jwtSession(ctx: AuthContext, update?: { data: unknown }): Promise<SessionResult> {
  const { config } = ctx;
  const read = await readToken(ctx);
  const { token } = read;
  if (!token) return { session: null, cookies: read.cookies };
  const customJwt = config.callbacks.jwt !== defaultCallbacks.jwt;
  const before = customJwt ? JSON.stringify(token) : "";
  let next: JWT | null;
  try {
    next = await config.callbacks.jwt(
      update
        ? { token, user: {}, trigger: "update", session: update.data }
        : ({ token } as Parameters<typeof config.callbacks.jwt>[0]),
    );
  } catch (error) {
    throw new JWTSessionError("The jwt callback threw.", { err: error as Error });
  }
  if (!next) return { session: null, cookies: clearSessionCookie(ctx) };
  const due = isDueForUpdate(config.session, (typeof token.iat === "number" ? token.iat : 0) * 1000, nowSeconds() * 1000);
  const changed = customJwt && (next !== token || JSON.stringify(next) !== before);
  const { expires, cookies } =
    due || changed || update
      ? await issueToken(ctx, reissue(token, next))
      : { expires: new Date((token.exp ?? nowSeconds()) * 1000), cookies: [] };
  return failingWith(cookies, async () => {
    const session = (await config.callbacks.session({
      session: toSession(next, expires),
      token: next,
      ...(update ? { newSession: update.data, trigger: "update" as const } : {}),
    } as Parameters<typeof config.callbacks.session>[0])) as Session;
    await emit(config, "session", { session, token: next });
    return { session, cookies };
  });
}
