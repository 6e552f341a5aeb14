import type { AuthContext } from "../http/context.js";
import { json, noCacheHeaders, type Outcome } from "../http/outcome.js";
import { strategyOf } from "../session/strategy.js";

/** `GET /session`: the session or `null`, never cached. */
export async function sessionRoute(ctx: AuthContext): Promise<Outcome> {
  const { session, cookies } = await strategyOf(ctx.config).read(ctx);
  return json(session, { headers: noCacheHeaders, cookies });
}

/** `POST /session`: update with `{csrfToken, data}`. A failed CSRF check or no session is `400 null`. */
export async function updateSessionRoute(ctx: AuthContext): Promise<Outcome> {
  const allowed = !ctx.checksCsrf || ctx.config.skipCSRFCheck || (await ctx.csrf()).verified;
  if (!allowed) return json(null, { status: 400, headers: noCacheHeaders });
  const { session, cookies } = await strategyOf(ctx.config).read(ctx, { data: ctx.body.data });
  return json(session, { status: session ? 200 : 400, headers: noCacheHeaders, cookies });
}
