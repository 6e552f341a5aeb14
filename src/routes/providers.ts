import type { AuthContext } from "../http/context.js";
import { json } from "../http/respond.js";

/** `GET /providers`: `{[id]: {id, name, type, signinUrl, callbackUrl}}`. */
export function providersRoute(ctx: AuthContext): Response {
  const body: Record<string, unknown> = {};
  for (const { id, name, type } of ctx.config.providers) {
    body[id] = { id, name, type, signinUrl: `${ctx.baseUrl}/signin/${id}`, callbackUrl: `${ctx.baseUrl}/callback/${id}` };
  }
  return json(ctx, body);
}
