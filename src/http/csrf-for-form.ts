import type { AuthContext } from "./context.js";
import type { OutCookie } from "./cookies.js";

/** The token for forms, and the change that sets the CSRF cookie when the request did not carry a valid one. */
export async function csrfTokenForForm(ctx: AuthContext): Promise<{ token: string; cookies: OutCookie[] }> {
  const csrf = await ctx.csrf();
  const { name, options } = ctx.cookies.csrfToken;
  return { token: csrf.token, cookies: csrf.cookie ? [{ name, value: csrf.cookie, options }] : [] };
}
