import type { AuthContext } from "./context.js";

/** Sets the CSRF cookie when the request did not carry a valid one; returns the token for forms. */
export async function csrfTokenForForm(ctx: AuthContext): Promise<string> {
  const csrf = await ctx.csrf();
  if (csrf.cookie) ctx.setCookies.push({ name: ctx.cookies.csrfToken.name, value: csrf.cookie, options: ctx.cookies.csrfToken.options });
  return csrf.token;
}
