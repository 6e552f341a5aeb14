import { type AuthContext, csrfTokenForForm } from "./context.js";
import type { OutCookie } from "./cookies.js";
import { resolveCallbackUrl } from "./callback-url.js";
import { json, page, redirect, type Outcome } from "./outcome.js";
import { withQuery } from "./url.js";

const message = "This sign-in expired or was started in another tab. Start signing in again.";

/**
 * A callback whose check cookies (state, PKCE verifier, nonce, passkey challenge, code request) are missing or
 * belong to another attempt: the sign-in was started in another tab, or left too long. That is the user's
 * situation, so a browser gets 400 and a button that starts the same provider again, or the app's error page
 * (with the `Configuration` code, as Auth.js sends for it); a script asking for JSON gets 400 JSON. `cookies`
 * clear the checks.
 */
export async function signInExpired(ctx: AuthContext, providerId: string | undefined, cookies: OutCookie[]): Promise<Outcome> {
  const { request, config } = ctx;
  const accept = request.headers.get("accept") ?? "";
  if (request.headers.has("x-auth-return-redirect") || /\bapplication\/json\b/i.test(accept)) {
    return json({ error: "InvalidCheck", message }, { status: 400, cookies });
  }
  // A plain HTTP client (no HTML asked for) is redirected as before.
  if (config.pages.error || !/\btext\/html\b/i.test(accept)) {
    return redirect(withQuery(config.pages.error ?? `${ctx.baseUrl}/error`, { error: "Configuration" }), cookies);
  }
  const signinUrl = `${ctx.baseUrl}/signin`;
  const provider = config.providers.find((p) => p.id === providerId);
  if (provider?.type !== "oauth" && provider?.type !== "oidc")
    return page({ name: "signInExpired", slots: { signinUrl } }, cookies);
  const { url: callbackUrl, cookies: callbackCookies } = await resolveCallbackUrl(ctx);
  const form = await csrfTokenForForm(ctx);
  const slots = {
    signinUrl,
    action: `${ctx.baseUrl}/signin/${provider.id}`,
    provider: provider.name,
    csrfToken: form.token,
    callbackUrl,
  };
  return page({ name: "signInExpired", slots }, [...cookies, ...callbackCookies, ...form.cookies]);
}
