import type { AuthContext } from "../http/context.js";
import { json, noCacheHeaders } from "../http/respond.js";
import { csrfTokenForForm } from "../http/csrf-for-form.js";

/** `GET /csrf`: `{csrfToken}`; 404 when CSRF checks are off. */
export async function csrfRoute(ctx: AuthContext): Promise<Response> {
  if (ctx.config.skipCSRFCheck) return json(ctx, { message: "CSRF checks are disabled." }, 404);
  return json(ctx, { csrfToken: await csrfTokenForForm(ctx) }, 200, noCacheHeaders);
}
