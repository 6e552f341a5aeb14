import type { AuthContext } from "../http/context.js";
import { json, noCacheHeaders } from "../http/respond.js";
import { getSession } from "../session/index.js";

/** `GET /session`: the session or `null`, never cached. */
export async function sessionRoute(ctx: AuthContext): Promise<Response> {
  return json(ctx, await getSession(ctx), 200, noCacheHeaders);
}

/** `POST /session`: update with `{csrfToken, data}`. A failed CSRF check or no session is `400 null`. */
export async function updateSessionRoute(ctx: AuthContext): Promise<Response> {
  const allowed = ctx.inProcess || ctx.config.skipCSRFCheck || (await ctx.csrf()).verified;
  if (!allowed) return json(ctx, null, 400, noCacheHeaders);
  const session = await getSession(ctx, { data: ctx.body.data });
  return json(ctx, session, session ? 200 : 400, noCacheHeaders);
}
