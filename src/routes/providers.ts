import type { AuthContext } from "../http/context.js";
import { json, type Outcome } from "../http/outcome.js";

/** `GET /providers`: `{[id]: {id, name, type, signinUrl, callbackUrl}}`. */
export function providersRoute(ctx: AuthContext): Outcome {
  const body: Record<string, unknown> = {};
  for (const { id, name, type } of ctx.config.providers) {
    body[id] = { id, name, type, signinUrl: `${ctx.baseUrl}/signin/${id}`, callbackUrl: `${ctx.baseUrl}/callback/${id}` };
  }
  return json(body);
}
