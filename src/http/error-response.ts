import { AuthError, clientErrorCode } from "../errors.js";
import type { LoggerInstance } from "../logger.js";
import type { OutCookie } from "./cookies.js";
import type { AuthContext } from "./context.js";
import { json, page, redirect, type Outcome } from "./outcome.js";
import { signInExpired } from "./sign-in-expired-outcome.js";
import { withQuery } from "./url.js";
import { developerHintText } from "../config/developer-hints.js";

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

/** The failed request: its context when one was built, the provider its route names, the cookie changes made before it failed. */
export interface Failure {
  ctx?: AuthContext;
  request: Request;
  provider?: string;
  cookies: OutCookie[];
}

/** Logs a failure, over HTTP or in a server call: a request mistake at debug level, anything else in full. */
export function logFailure(error: unknown, logger: LoggerInstance): AuthError {
  const authError = asAuthError(error);
  if (requestErrors.has(authError.type)) logger.debug(`rejected request: ${authError.type}`, { message: authError.message });
  else logger.error(authError);
  return authError;
}

/**
 * Turns any failure into what the client sees: request mistakes are 400 JSON, or the error page for a
 * browser; client-safe errors redirect to the sign-in or error page by name; everything else is logged in
 * full and shown as Configuration.
 */
export function errorOutcome(error: unknown, failure: Failure, logger: LoggerInstance): Outcome | Promise<Outcome> {
  const { ctx, request, cookies } = failure;
  const authError = logFailure(error, logger);
  if (requestErrors.has(authError.type)) {
    if (wantsPage(request)) return errorPage(ctx, "InvalidRequest", clientErrorCode(authError));
    return json({ error: authError.type, message: authError.message }, { status: 400 });
  }
  const api = apiRoutes.test(new URL(request.url).pathname);
  if (!ctx) {
    if (api) return json({ message: configurationMessage }, { status: 500 });
    return errorPage(undefined, "Configuration");
  }
  if (api) return json({ message: configurationMessage }, { status: 500, cookies });
  if (authError.type === "InvalidCheck") return signInExpired(ctx, failure.provider, cookies);
  const code = clientErrorCode(authError);
  const { pages } = ctx.config;
  if (authError.kind === "signIn") {
    const params = { error: code, code: "code" in authError ? String(authError.code) : undefined };
    return redirect(withQuery(pages.signIn ?? `${ctx.baseUrl}/signin`, params), cookies);
  }
  if (pages.error) return redirect(withQuery(pages.error, { error: code }), cookies);
  const hint = ctx.config.production ? undefined : developerHintOf(authError);
  return redirect(withQuery(`${ctx.baseUrl}/error`, { error: code, hint }), cookies);
}

/** The name of the developer hint an error carries in its cause, when it is one of the table's. */
function developerHintOf(error: AuthError): string | undefined {
  const hint = error.cause?.hint;
  return developerHintText(hint) ? (hint as string) : undefined;
}
