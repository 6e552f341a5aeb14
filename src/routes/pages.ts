import { loadPages } from "../../pages/load.js";
import type { AuthContext } from "../http/context.js";
import { html, redirect, withQuery } from "../http/respond.js";
import { csrfTokenForForm } from "./guards.js";

/** `GET /error?error=CODE`: the error page (its status follows the code), or `pages.error`. */
export async function errorPageRoute(ctx: AuthContext): Promise<Response> {
  const error = ctx.query.error?.slice(0, 64);
  if (ctx.config.pages.error) return redirect(ctx, withQuery(ctx.config.pages.error, { error }));
  const { errorPage } = await loadPages();
  return html(ctx, errorPage(ctx.config, error, { signinUrl: `${ctx.baseUrl}/signin` }));
}

/** `GET /verify-request`: "check your email", with the one-time-code form when the provider sends codes. */
export async function verifyRequestRoute(ctx: AuthContext): Promise<Response> {
  const { provider: id, type, email, error } = ctx.query;
  if (ctx.config.pages.verifyRequest) return redirect(ctx, withQuery(ctx.config.pages.verifyRequest, { provider: id, type }));
  const provider = ctx.config.providers.find((p) => p.id === id);
  const otp = provider?.type === "email" && provider.otp;
  const { verifyRequestPage } = await loadPages();
  return html(ctx, verifyRequestPage(ctx.config, otp ? error?.slice(0, 64) : undefined, {
    host: new URL(ctx.origin).host,
    signinUrl: `${ctx.baseUrl}/signin`,
    ...(otp ? { otpUrl: `${ctx.baseUrl}/callback/${provider.id}`, email: email?.slice(0, 320), csrfToken: await csrfTokenForForm(ctx) } : {}),
  }));
}
