import { type AuthContext, requireCsrf, csrfTokenForForm } from "../http/context.js";
import { resolveCallbackUrl } from "../http/callback-url.js";
import { page, redirect, type Outcome } from "../http/outcome.js";
import { authUrl, withQuery } from "../http/url.js";
import { flowFor, findProvider } from "../flows/sign-in-method.js";
import { limitRequest } from "../rate-limit/limit-request.js";
import type { ParsedProvider } from "../config/providers/provider-types.js";

/** `GET /signin`: the built-in page, or a redirect to `pages.signIn`. */
export async function signInPageRoute(ctx: AuthContext): Promise<Outcome> {
  const { config } = ctx;
  const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
  const error = ctx.query.error?.slice(0, 64);
  if (config.pages.signIn) {
    return redirect(withQuery(config.pages.signIn, { callbackUrl, error, code: ctx.query.code?.slice(0, 64) }), cookies);
  }
  const form = await csrfTokenForForm(ctx);
  const email = typeof ctx.query.email === "string" ? ctx.query.email.slice(0, 320) : undefined;
  const slots = { baseUrl: ctx.baseUrl, csrfToken: form.token, callbackUrl, email };
  return page({ name: "signIn", error, slots }, [...cookies, ...form.cookies]);
}

/** `POST /signin/:id`: CSRF-checked start of a provider's flow. */
export async function signInRoute(ctx: AuthContext, id: string): Promise<Outcome> {
  await requireCsrf(ctx);
  let provider: ParsedProvider;
  try {
    provider = findProvider(ctx, id);
  } catch {
    return redirect(authUrl(ctx, "/signin"));
  }
  const flow = flowFor(provider);
  if (!flow.signIn) {
    const { url: callbackUrl, cookies } = await resolveCallbackUrl(ctx);
    return redirect(authUrl(ctx, "/signin", { callbackUrl }), cookies);
  }
  await limitRequest(ctx, provider, "signin");
  return flow.signIn(ctx, provider);
}
