import { JWTSessionError } from "../errors.js";
import type { AuthContext } from "../http/context.js";
import { readChunked, type OutCookie } from "../http/cookies.js";
import { failingWith } from "../http/outcome.js";
import type { JWT, Session } from "../shared-types.js";
import { clearSessionCookie, setSessionCookie, nextAuthV4Cookie } from "./cookie.js";
import { defaultCallbacks } from "../config/defaults.js";
import { emit } from "../config/events.js";
import {
  revocationNowOf,
  revocationOf,
  forgetRecord,
  recordReissue,
  recordSession,
  type SignInSource,
  databaseSessionId,
  newSessionId,
} from "./records/record.js";
import { REFRESH_TOKEN_ERROR } from "./provider-tokens/provider-token-types.js";
import {
  authnOf,
  sessionEnd,
  sessionStartOf,
  type Authn,
  type SessionResult,
  type SignedIn,
  type SignInProof,
  isDueForUpdate,
} from "./strategy.js";
import { decodeNextAuthV4Token } from "./next-auth-v4.js";
import { reportDecodeFailure } from "./decode-failure-report.js";

const nowSeconds = () => Math.floor(Date.now() / 1000);

function withoutTimestamps(token: JWT): JWT {
  const { iat: _iat, exp: _exp, jti: _jti, ...payload } = token;
  return payload;
}

/**
 * Whether a token is past its `exp` by this instance's clock. The codec still decodes it for its clock tolerance
 * (tokens from an instance whose clock is behind), but the session has ended: re-issued now, it would be recorded
 * again after its record expired, without the provider it came from, out of reach of a back-channel logout.
 */
function hasExpired(token: JWT): boolean {
  return typeof token.exp === "number" && token.exp * 1000 <= Date.now();
}

/**
 * The session JWT in the request's cookie, or null; without a sekisho cookie, a next-auth v4 one when the app
 * accepts them (`fromNextAuthV4`: the caller issues a sekisho cookie in its place). An undecryptable, expired
 * or revoked one is cleared; while the revocations cannot be read, the cookie is kept but gives no session
 * (`unchecked` is then the token, for a sign-out to revoke).
 */
export async function readToken(
  ctx: AuthContext,
): Promise<{ token: JWT | null; cookies: OutCookie[]; fromNextAuthV4?: boolean; unchecked?: JWT }> {
  const { config } = ctx;
  const salt = ctx.cookies.sessionToken.name;
  const raw = readChunked(ctx.requestCookies, salt);
  const v4 = raw ? undefined : nextAuthV4Cookie(ctx);
  if (!raw && !v4) return { token: null, cookies: [] };
  let token: JWT | null = null;
  try {
    token = raw ? await config.jwt.decode({ token: raw, secret: config.secrets, salt }) : await readNextAuthV4Token(config, v4!);
  } catch (error) {
    reportDecodeFailure(config.runtime, config.logger, error);
  }
  const refusal = token && !hasExpired(token) ? await revocationOf(config, token) : "revoked";
  if (!refusal) return { token, cookies: [], fromNextAuthV4: !raw };
  if (refusal === "unknown" && token) return { token: null, cookies: [], unchecked: token };
  return { token: null, cookies: clearSessionCookie(ctx) };
}

/**
 * A v4 token as a sekisho one. Its session id is the digest of the v4 cookie, so each copy of that cookie names
 * the one session: once it is signed out, a copy carried again is refused as revoked.
 */
async function readNextAuthV4Token(config: AuthContext["config"], value: string): Promise<JWT> {
  return withOwnClaims(await decodeNextAuthV4Token(config, value), { sid: await databaseSessionId(value) });
}

/** Encodes `token` into the session cookie for `maxAge` seconds from now. */
async function encodeToken(ctx: AuthContext, token: JWT, maxAge: number): Promise<{ expires: Date; cookies: OutCookie[] }> {
  const { config } = ctx;
  const salt = ctx.cookies.sessionToken.name;
  const encoded = await config.jwt.encode({ token: withoutTimestamps(token), secret: config.secrets, salt, maxAge });
  const expires = new Date(Date.now() + maxAge * 1000);
  return { expires, cookies: setSessionCookie(ctx, encoded, expires) };
}

/** The session's own record, when the token names one. */
function sessionOf(token: JWT, expires: Date): { id: string; userId: string; expires: Date } | undefined {
  return typeof token.sid === "string" && typeof token.sub === "string"
    ? { id: token.sid, userId: token.sub, expires }
    : undefined;
}

/**
 * At sign-in: encodes `token` into the session cookie, starting the session's lifetime and keeping how the user
 * proved who they are (sekisho's own claim `authn`), and records the session with where it came from; returns the
 * expiry and the cookie changes. A sign-in
 * that cannot be recorded sets no cookie: an unrecorded session would be one the list, "sign out others" and a
 * claim cannot end.
 */
export async function issueToken(
  ctx: AuthContext,
  token: JWT,
  signIn: SignInSource,
  proof: { provedAt: number; methods: string[] },
): Promise<{ expires: Date; cookies: OutCookie[] }> {
  const { config } = ctx;
  const authn: Authn = { startedAt: nowSeconds(), provedAt: proof.provedAt, methods: proof.methods };
  const maxAge = Math.min(config.jwt.maxAge, config.session.absoluteMaxAge);
  const issued = await encodeToken(ctx, { ...token, authn }, maxAge);
  const session = sessionOf(token, issued.expires);
  if (session) await recordSession(ctx, { ...session, signIn });
  return issued;
}

/**
 * Re-issues a session as `token` (its `authn` kept): a fresh expiry, at most the session's absolute end, and its
 * record moved. The revocations are read again once the record is written, for the token as it was `read` from the
 * request (whatever a jwt callback made of `sub`): a session revoked meanwhile, on any instance, gets no new cookie
 * and loses the record, as a revocation written after this read finds the record to remove and refuses the new
 * cookie's `sid` and session start.
 */
export async function reissueToken(
  ctx: AuthContext,
  token: JWT,
  read: JWT = token,
): Promise<{ expires: Date; cookies: OutCookie[] } | { refused: "revoked" | "unknown" }> {
  const { config } = ctx;
  const now = nowSeconds();
  const start = sessionStartOf(token) ?? now;
  const maxAge = Math.floor((sessionEnd(config.session, config.jwt.maxAge, start * 1000, now * 1000) - now * 1000) / 1000);
  // a token minted without `authn` counts as started when it was issued, from now on too
  const authn = authnOf(token.authn) ?? { startedAt: start };
  const issued = await encodeToken(ctx, { ...token, authn }, Math.max(1, maxAge));
  const session = sessionOf(token, issued.expires);
  if (session) await recordReissue(ctx, session);
  const refused = await revocationNowOf(config, read);
  if (!refused) return issued;
  if (session) await forgetRecord(ctx, session.id);
  return { refused };
}

function toSession(token: JWT, expires: Date): Session {
  const error = token.error === REFRESH_TOKEN_ERROR ? { error: REFRESH_TOKEN_ERROR } : {};
  return { user: { name: token.name, email: token.email, image: token.picture }, expires: expires.toISOString(), ...error };
}

/**
 * The claims sekisho alone writes and reads: the session id, the end-session hint, the provider tokens, and how the
 * session was made (`authn`, set when the token is issued at sign-in).
 */
interface OwnClaims {
  sid: string;
  endSession?: unknown;
  providerTokens?: unknown;
  authn?: Authn;
}

/**
 * A jwt callback's token with sekisho's own claims in place of any it holds. The callback may have merged in
 * what it does not vouch for (`update()` data from the browser, a profile, a user), and these claims decide
 * which session the list ends, which ID token goes to the provider at sign-out, and which refresh token is sent
 * with the client secret.
 */
export function withOwnClaims(next: JWT, own: OwnClaims): JWT {
  const { sid: _sid, endSession: _endSession, providerTokens: _providerTokens, authn: _authn, ...rest } = next;
  return { ...rest, ...own };
}

/**
 * The token to re-issue: what the jwt callback returned, with the own claims of the token it was given. A
 * token minted without a session id gets one here, so it is listed and revocable by id from now on.
 */
function reissue(token: JWT, next: JWT): JWT {
  const sid = typeof token.sid === "string" ? token.sid : newSessionId();
  const own = { sid, endSession: token.endSession, providerTokens: token.providerTokens };
  return withOwnClaims(next, { ...own, authn: authnOf(token.authn) ?? { startedAt: sessionStartOf(token) ?? nowSeconds() } });
}

/**
 * The session for a JWT cookie. A cookie younger than `updateAge` is decrypted once and not re-issued,
 * unless the jwt callback changed the token.
 */
export async function readJwtSession(ctx: AuthContext, update?: { data: unknown }): Promise<SessionResult> {
  const { config } = ctx;
  const read = await readToken(ctx);
  const { token } = read;
  if (!token) return { session: null, cookies: read.cookies };
  // The default callbacks return what they are given, shaped as `toSession` shapes it: they are not called.
  const customJwt = config.callbacks.jwt !== defaultCallbacks.jwt;
  const before = customJwt ? JSON.stringify(token) : "";
  let next: JWT | null = token;
  if (customJwt) {
    try {
      next = await config.callbacks.jwt(
        update
          ? { token, user: {}, trigger: "update", session: update.data }
          : ({ token } as Parameters<typeof config.callbacks.jwt>[0]),
      );
    } catch (error) {
      throw new JWTSessionError("The jwt callback threw.", { err: error as Error });
    }
  }
  if (!next) return { session: null, cookies: clearSessionCookie(ctx) };
  const due = isDueForUpdate(config.session, (typeof token.iat === "number" ? token.iat : 0) * 1000, nowSeconds() * 1000);
  const changed = customJwt && (next !== token || JSON.stringify(next) !== before);
  const issued =
    due || changed || update || read.fromNextAuthV4
      ? await reissueToken(ctx, reissue(token, next), token)
      : { expires: new Date((token.exp ?? nowSeconds()) * 1000), cookies: [] };
  if ("refused" in issued) return { session: null, cookies: issued.refused === "revoked" ? clearSessionCookie(ctx) : [] };
  const { expires, cookies } = issued;
  return failingWith(cookies, async () => {
    const shaped = toSession(next, expires);
    const session =
      config.callbacks.session === defaultCallbacks.session
        ? shaped
        : ((await config.callbacks.session({
            session: shaped,
            token: next,
            ...(update ? { newSession: update.data, trigger: "update" as const } : {}),
          } as Parameters<typeof config.callbacks.session>[0])) as Session);
    if (config.events.session) await emit(config, "session", { session, token: next });
    return { session, cookies };
  });
}

/** Who the request's session token names, read without running callbacks; a revoked or unreadable cookie is cleared. */
export async function currentJwtSession(ctx: AuthContext): Promise<{ signedIn?: SignedIn; cookies: OutCookie[] }> {
  const { token, cookies } = await readToken(ctx);
  if (typeof token?.sub !== "string") return { cookies };
  return {
    signedIn: typeof token.sid === "string" ? { userId: token.sub, sessionId: token.sid } : { userId: token.sub },
    cookies,
  };
}

/**
 * When and how the token's user last proved who they are, from its `authn` claim: one decrypt, no store read. A
 * token written before `provedAt` was kept counts from its sign-in; one minted without `authn` proves nothing.
 */
export async function jwtProof(ctx: AuthContext): Promise<{ proof?: SignInProof; cookies: OutCookie[] }> {
  const { token, cookies } = await readToken(ctx);
  const authn = authnOf(token?.authn);
  if (typeof token?.sub !== "string" || !authn) return { cookies };
  const methods = Array.isArray(authn.methods) ? authn.methods.filter((method) => typeof method === "string") : [];
  const provedAt = typeof authn.provedAt === "number" ? authn.provedAt : authn.startedAt;
  const sessionId = typeof token.sid === "string" ? { sessionId: token.sid } : {};
  return { proof: { userId: token.sub, ...sessionId, provedAt, methods }, cookies };
}
