import type { AuthContext } from "../http/context.js";
import type { Session } from "../types.js";
import { databaseSession } from "./database-strategy.js";
import { jwtSession, readToken } from "./jwt-strategy.js";
import { adapterCall } from "../adapters/call.js";
import { databaseSessionId } from "./records/session-id.js";

/** The session for this request under the configured strategy, or null. Refreshes the cookie when due. */
export function getSession(ctx: AuthContext, update?: { data: unknown }): Promise<Session | null> {
  return ctx.config.session.strategy === "database" ? databaseSession(ctx, update) : jwtSession(ctx, update);
}

/**
 * The signed-in user's id and the session's public id (a JWT's `sid`, absent in a token minted without
 * one), read without running callbacks.
 */
export async function currentSession(ctx: AuthContext): Promise<{ userId: string; sessionId?: string } | undefined> {
  if (ctx.config.session.strategy === "jwt") {
    const token = await readToken(ctx);
    if (typeof token?.sub !== "string") return undefined;
    return typeof token.sid === "string" ? { userId: token.sub, sessionId: token.sid } : { userId: token.sub };
  }
  const sessionToken = ctx.requestCookies[ctx.cookies.sessionToken.name];
  if (!sessionToken) return undefined;
  const found = await adapterCall(ctx.config, "getSessionAndUser")(sessionToken);
  if (!found || new Date(found.session.expires).valueOf() <= Date.now()) return undefined;
  return { userId: found.user.id, sessionId: await databaseSessionId(sessionToken) };
}

/** The id of the signed-in user, read without running callbacks; used for account linking. */
export async function currentUserId(ctx: AuthContext): Promise<string | undefined> {
  return (await currentSession(ctx))?.userId;
}
