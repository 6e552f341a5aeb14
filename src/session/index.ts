import type { AuthContext } from "../http/context.js";
import type { Session } from "../types.js";
import { databaseSession } from "./database-strategy.js";
import { jwtSession, readToken } from "./jwt-strategy.js";
import { adapterCall } from "../adapters/call.js";

/** The session for this request under the configured strategy, or null. Refreshes the cookie when due. */
export function getSession(ctx: AuthContext, update?: { data: unknown }): Promise<Session | null> {
  return ctx.config.session.strategy === "database" ? databaseSession(ctx, update) : jwtSession(ctx, update);
}

/** The id of the signed-in user, read without running callbacks; used for account linking. */
export async function currentUserId(ctx: AuthContext): Promise<string | undefined> {
  if (ctx.config.session.strategy === "jwt") return (await readToken(ctx))?.sub;
  const sessionToken = ctx.requestCookies[ctx.cookies.sessionToken.name];
  if (!sessionToken) return undefined;
  const found = await adapterCall(ctx.config, "getSessionAndUser")(sessionToken);
  return found && new Date(found.session.expires).valueOf() > Date.now() ? found.user.id : undefined;
}
