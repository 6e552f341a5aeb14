import type { AuthContext } from "../http/context.js";
import { hasExpired } from "../expiry.js";
import type { OutCookie } from "../http/cookies.js";
import { databaseSessionToken } from "./cookie.js";
import { databaseSession } from "./database-strategy.js";
import { jwtSession, readToken } from "./jwt-strategy.js";
import { adapterCall } from "../config/adapter-call.js";
import { databaseSessionId } from "./records/session-id.js";
import type { SessionResult } from "./result.js";

export type { SessionResult };

/** The session for this request under the configured strategy, or null, and the cookie changes: refreshed when due. */
export function getSession(ctx: AuthContext, update?: { data: unknown }): Promise<SessionResult> {
  return ctx.config.session.strategy === "database" ? databaseSession(ctx, update) : jwtSession(ctx, update);
}

/** Who is signed in: the user's id and the session's public id (a JWT's `sid`, absent in a token minted without one). */
export interface SignedIn {
  userId: string;
  sessionId?: string;
}

/**
 * Who is signed in, read without running callbacks, and the cookie changes: a revoked or unreadable JWT
 * cookie is cleared.
 */
export async function currentSession(ctx: AuthContext): Promise<{ signedIn?: SignedIn; cookies: OutCookie[] }> {
  if (ctx.config.session.strategy === "jwt") {
    const { token, cookies } = await readToken(ctx);
    if (typeof token?.sub !== "string") return { cookies };
    return {
      signedIn: typeof token.sid === "string" ? { userId: token.sub, sessionId: token.sid } : { userId: token.sub },
      cookies,
    };
  }
  const sessionToken = databaseSessionToken(ctx);
  if (!sessionToken) return { cookies: [] };
  const found = await adapterCall(ctx.config, "getSessionAndUser")(sessionToken);
  if (!found || hasExpired(found.session.expires)) return { cookies: [] };
  return { signedIn: { userId: found.user.id, sessionId: await databaseSessionId(sessionToken) }, cookies: [] };
}

/** The id of the signed-in user, read without running callbacks (used for account linking), and the cookie changes. */
export async function currentUserId(ctx: AuthContext): Promise<{ userId?: string; cookies: OutCookie[] }> {
  const { signedIn, cookies } = await currentSession(ctx);
  return { userId: signedIn?.userId, cookies };
}
