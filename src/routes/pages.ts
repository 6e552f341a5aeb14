import { renderError, renderVerifyRequest } from "../../pages/index.js";
import type { AuthContext } from "../http/context.js";
import { html, redirect, withQuery } from "../http/respond.js";
import { csrfTokenForForm } from "./guards.js";

/** `GET /error?error=CODE`: the error page (its status follows the code), or `pages.error`. */
export function errorPageRoute(ctx: AuthContext): Response {
  const error = ctx.query.error?.slice(0, 64);
  if (ctx.config.pages.error) return redirect(ctx, withQuery(ctx.config.pages.error, { error }));
  return html(ctx, renderError({ theme: ctx.config.theme, error, signinUrl: `${ctx.baseUrl}/signin` }));
}

/** `GET /verify-request`: "check your email", with the one-time-code form when the provider sends codes. */
export async function verifyRequestRoute(ctx: AuthContext): Promise<Response> {
  const { provider: id, type, email, error } = ctx.query;
  if (ctx.config.pages.verifyRequest) return redirect(ctx, withQuery(ctx.config.pages.verifyRequest, { provider: id, type }));
  const provider = ctx.config.providers.find((p) => p.id === id);
  const otp = provider?.type === "email" && provider.otp;
  return html(ctx, renderVerifyRequest({
    theme: ctx.config.theme,
    host: new URL(ctx.origin).host,
    signinUrl: `${ctx.baseUrl}/signin`,
    ...(otp
      ? { otpUrl: `${ctx.baseUrl}/callback/${provider.id}`, email: email?.slice(0, 320), csrfToken: await csrfTokenForForm(ctx), error: error?.slice(0, 64) }
      : {}),
  }));
}
