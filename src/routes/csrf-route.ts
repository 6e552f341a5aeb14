import { type AuthContext, csrfTokenForForm } from "../http/context.js";
import { json, noCacheHeaders, type Outcome } from "../http/outcome.js";

/** `GET /csrf`: `{csrfToken}`; 404 when CSRF checks are off. */
export async function csrfRoute(ctx: AuthContext): Promise<Outcome> {
  if (ctx.config.skipCSRFCheck) return json({ message: "CSRF checks are disabled." }, { status: 404 });
  const { token, cookies } = await csrfTokenForForm(ctx);
  return json({ csrfToken: token }, { headers: noCacheHeaders, cookies });
}
