import { type AuthContext, csrfTokenForForm } from "../http/context.js";
import { page, redirect, type Outcome } from "../http/outcome.js";
import { withQuery } from "../http/url.js";
import { developerHintText } from "../config/developer-hints.js";
import type { ParsedProvider } from "../config/providers/provider-types.js";
import { methodOf, type CodeForm } from "../flows/sign-in-method.js";

/** `GET /error?error=CODE`: the error page (its status follows the code), or `pages.error`. */
export function errorPageRoute(ctx: AuthContext): Outcome {
  const error = ctx.query.error?.slice(0, 64);
  if (ctx.config.pages.error) return redirect(withQuery(ctx.config.pages.error, { error }));
  const developerHint = ctx.config.production ? undefined : developerHintText(ctx.query.hint);
  return page({ name: "error", error, slots: { signinUrl: `${ctx.baseUrl}/signin`, developerHint } });
}

/** The address from the query, when it looks like one: the page names it, so it shows no other text. */
function emailAddress(value: string | undefined): string | undefined {
  return value !== undefined && value.length <= 320 && /^[^\s@]+@[^\s@]+$/.test(value) ? value : undefined;
}

/** Where the provider's method takes the emailed code the page asks for, when its mail carried one. */
function codeFormOf(ctx: AuthContext, provider: ParsedProvider): CodeForm | undefined {
  const codeForm = methodOf(provider)?.codeForm as
    | ((ctx: AuthContext, provider: ParsedProvider) => CodeForm | undefined)
    | undefined;
  return codeForm?.(ctx, provider);
}

/** `GET /verify-request`: "check your email" naming the address, with the one-time-code form when the provider sends codes. */
export async function verifyRequestRoute(ctx: AuthContext): Promise<Outcome> {
  const { provider: id, type, email, error, tries } = ctx.query;
  if (ctx.config.pages.verifyRequest) return redirect(withQuery(ctx.config.pages.verifyRequest, { provider: id, type }));
  const provider = ctx.config.providers.find((p) => p.id === id);
  const codeForm = provider ? codeFormOf(ctx, provider) : undefined;
  const otp = codeForm !== undefined;
  const form = otp ? await csrfTokenForForm(ctx) : undefined;
  const slots = {
    host: new URL(ctx.origin).host,
    signinUrl: `${ctx.baseUrl}/signin`,
    email: emailAddress(email),
    ...(codeForm && form ? { otpUrl: codeForm.url, csrfToken: form.token } : {}),
  };
  // A refused code that still has tries was mistyped: it says so, with the count (at most two digits: the page is cached per count).
  const triesLeft =
    otp && error === "Verification" && tries !== undefined && /^[1-9]\d?$/.test(tries) ? Number(tries) : undefined;
  const code = triesLeft !== undefined ? "WrongCode" : error?.slice(0, 64);
  const confirms = codeForm?.signsIn === false;
  return page({ name: "verifyRequest", error: otp ? code : undefined, triesLeft, confirms, slots }, form?.cookies);
}
