import { type AuthContext, csrfTokenForForm } from "../http/context.js";
import { json, noCacheHeaders, page, type Outcome } from "../http/outcome.js";
import type { PasswordForm, PasswordSlots } from "../http/page-description.js";
import { wantsPage } from "../http/wants-page.js";
import type { PasswordProviderConfig } from "./password-provider.js";

/** What each form posts to, under basePath. */
function actionOf(form: PasswordForm, provider: PasswordProviderConfig): string {
  return form === "signUp" ? `/signup/${provider.id}` : `/password/${form}`;
}

/** Where to add a passkey: the sign-in page's passkey button, when a WebAuthn provider is configured. */
function passkeyUrl(ctx: AuthContext): string | undefined {
  return ctx.config.providers.some((p) => p.type === "webauthn") ? `${ctx.baseUrl}/signin` : undefined;
}

/** One of the forms, for a browser; `error` re-shows it after a refusal. */
export async function passwordPage(
  ctx: AuthContext,
  provider: PasswordProviderConfig,
  form: PasswordForm,
  extra: Pick<PasswordSlots, "token" | "email" | "done"> & { error?: string; minLength?: number } = {},
): Promise<Outcome> {
  const csrf = await csrfTokenForForm(ctx);
  const { policy } = provider.password;
  const { error, minLength, ...filled } = extra;
  const slots: PasswordSlots = {
    form,
    action: `${ctx.baseUrl}${actionOf(form, provider)}`,
    csrfToken: csrf.token,
    signinUrl: ctx.config.pages.signIn ?? `${ctx.baseUrl}/signin`,
    forgotUrl: `${ctx.baseUrl}/password/forgot`,
    signUpUrl: `${ctx.baseUrl}/signup/${provider.id}`,
    minLength: minLength ?? policy.minLength.alone,
    maxLength: policy.maxLength,
    passkeyUrl: form === "change" ? passkeyUrl(ctx) : undefined,
    ...filled,
  };
  return page({ name: "password", error, slots }, csrf.cookies);
}

/** A refusal: the form again with its error for a browser, `{ error, message }` with `status` for a script. */
export function passwordRefusal(
  ctx: AuthContext,
  provider: PasswordProviderConfig,
  form: PasswordForm,
  refusal: { status: number; error: string; message: string; token?: string; email?: string; minLength?: number },
): Promise<Outcome> | Outcome {
  const { status, error, message, ...filled } = refusal;
  if (wantsPage(ctx)) return passwordPage(ctx, provider, form, { error, ...filled });
  return json({ error, message }, { status, headers: noCacheHeaders });
}

/** `GET` of a form: the page for a browser, what to post for a script. */
export function formRoute(form: PasswordForm) {
  return (ctx: AuthContext, provider: PasswordProviderConfig): Promise<Outcome> | Outcome => {
    const token = form === "reset" ? (new URL(ctx.request.url).searchParams.get("token") ?? undefined) : undefined;
    if (wantsPage(ctx)) return passwordPage(ctx, provider, form, { token });
    const { minLength, maxLength } = provider.password.policy;
    return json(
      { action: `${ctx.baseUrl}${actionOf(form, provider)}`, minLength: minLength.alone, maxLength },
      { headers: noCacheHeaders },
    );
  };
}
