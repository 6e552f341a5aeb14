import { loadPages } from "../../pages/load.js";
import type { AuthContext } from "../http/context.js";
import { html, redirect, withQuery } from "../http/respond.js";
import { csrfTokenForForm } from "../http/csrf-for-form.js";

/** `GET /error?error=CODE`: the error page (its status follows the code), or `pages.error`. */
export async function errorPageRoute(ctx: AuthContext): Promise<Response> {
  const error = ctx.query.error?.slice(0, 64);
  if (ctx.config.pages.error) return redirect(ctx, withQuery(ctx.config.pages.error, { error }));
  const { errorPage } = await loadPages(ctx.config);
  return html(ctx, await errorPage(ctx.config, ctx.request, error, { signinUrl: `${ctx.baseUrl}/signin` }));
}

/** The address from the query, when it looks like one: the page names it, so it shows no other text. */
function emailAddress(value: string | undefined): string | undefined {
  return value !== undefined && value.length <= 320 && /^[^\s@]+@[^\s@]+$/.test(value) ? value : undefined;
}

/** `GET /verify-request`: "check your email" naming the address, with the one-time-code form when the provider sends codes. */
export async function verifyRequestRoute(ctx: AuthContext): Promise<Response> {
  const { provider: id, type, email, error } = ctx.query;
  if (ctx.config.pages.verifyRequest) return redirect(ctx, withQuery(ctx.config.pages.verifyRequest, { provider: id, type }));
  const provider = ctx.config.providers.find((p) => p.id === id);
  const otp = provider?.type === "email" && provider.otp;
  const { verifyRequestPage } = await loadPages(ctx.config);
  return html(ctx, await verifyRequestPage(ctx.config, ctx.request, otp ? error?.slice(0, 64) : undefined, {
    host: new URL(ctx.origin).host,
    signinUrl: `${ctx.baseUrl}/signin`,
    email: emailAddress(email),
    ...(otp ? { otpUrl: `${ctx.baseUrl}/callback/${provider.id}`, csrfToken: await csrfTokenForForm(ctx) } : {}),
  }));
}
