import { AuthError, clientErrorCode } from "../errors.js";
import type { LoggerInstance } from "../config/types.js";
import type { OutCookie } from "./cookies.js";
import { identifierInput } from "../config/providers/credential-identifier.js";
import type { AuthContext } from "./context.js";
import { json, page, redirect, type Outcome } from "./outcome.js";
import { withQuery } from "./url.js";

const requestErrors = new Set(["InvalidRequest", "InvalidCallbackUrl", "UnknownAction", "InvalidProvider"]);
const apiRoutes = /\/(session|csrf|providers|webauthn-options(\/[^/]*)?)\/?$/;
const configurationMessage = "There was a problem with the server configuration. Check the server logs for more information.";

function asAuthError(error: unknown): AuthError {
  return error instanceof AuthError ? error : new AuthError("An unexpected error occurred.", { err: error as Error });
}

/** A browser navigating to a page route, as opposed to a script that reads JSON. */
function wantsPage(request: Request): boolean {
  if (request.headers.has("x-auth-return-redirect") || apiRoutes.test(new URL(request.url).pathname)) return false;
  return /\btext\/html\b/i.test(request.headers.get("accept") ?? "");
}

/**
 * The error page for `code`, without the request's cookies: a failed request changes no state. An app with its
 * own error page (`pages.error`) gets the browser there, told `appCode`: the codes the reference sends.
 */
export function errorPage(ctx: AuthContext | undefined, code: string, appCode = code): Outcome {
  const own = ctx?.config.pages.error;
  if (own) return redirect(withQuery(own, { error: appCode }));
  return page({ name: "error", error: code, slots: { signinUrl: ctx ? `${ctx.baseUrl}/signin` : undefined } });
}

const signInParams = new Set(["error", "code", "callbackUrl", "csrfToken"]);

/** After a failed credentials sign-in, the user name or email it was tried with, so the page can show it again. Never a password. */
function keptIdentifier(ctx: AuthContext, providerId: string | undefined): Record<string, string> {
  const provider = ctx.config.providers.find((p) => p.id === providerId);
  const name = provider?.type === "credentials" ? identifierInput(provider.credentials) : undefined;
  const value = name !== undefined ? ctx.body[name] : undefined;
  if (name === undefined || signInParams.has(name) || typeof value !== "string" || value === "") return {};
  return { [name]: value.slice(0, 320) };
}

/** The failed request: its context when one was built, the provider its route names, the cookie changes made before it failed. */
export interface Failure {
  ctx?: AuthContext;
  request: Request;
  provider?: string;
  cookies: OutCookie[];
}

/**
 * Turns any failure into what the client sees: request mistakes are 400 JSON, or the error page for a
 * browser; client-safe errors redirect to the sign-in or error page by name; everything else is logged in
 * full and shown as Configuration.
 */
export function errorOutcome(error: unknown, failure: Failure, logger: LoggerInstance): Outcome {
  const { ctx, request, cookies } = failure;
  const authError = asAuthError(error);
  if (requestErrors.has(authError.type)) {
    logger.debug(`rejected request: ${authError.type}`, { message: authError.message });
    if (wantsPage(request)) return errorPage(ctx, "InvalidRequest", clientErrorCode(authError));
    return json({ error: authError.type, message: authError.message }, { status: 400 });
  }
  logger.error(authError);
  const api = apiRoutes.test(new URL(request.url).pathname);
  if (!ctx) {
    if (api) return json({ message: configurationMessage }, { status: 500 });
    return errorPage(undefined, "Configuration");
  }
  if (api) return json({ message: configurationMessage }, { status: 500, cookies });
  const code = clientErrorCode(authError);
  const { pages } = ctx.config;
  if (authError.kind === "signIn") {
    const kept = authError.type === "CredentialsSignin" ? keptIdentifier(ctx, failure.provider) : {};
    const params = { error: code, code: "code" in authError ? String(authError.code) : undefined, ...kept };
    return redirect(withQuery(pages.signIn ?? `${ctx.baseUrl}/signin`, params), cookies);
  }
  return redirect(withQuery(pages.error ?? `${ctx.baseUrl}/error`, { error: code }), cookies);
}
