import { loadPages } from "../../pages/load.js";
import { AuthError, clientErrorCode } from "../errors.js";
import type { LoggerInstance } from "../config/types.js";
import { identifierInput } from "../providers/credential-identifier.js";
import type { AuthContext } from "./context.js";
import { html, json, redirect, withQuery } from "./respond.js";

const requestErrors = new Set(["InvalidRequest", "InvalidCallbackUrl", "UnknownAction", "InvalidProvider"]);
const apiRoutes = /\/(session|csrf|providers|webauthn-options(\/[^/]*)?)\/?$/;
const configurationMessage = "There is a problem with the server configuration. Check the server logs for more information.";
/** Stands in for the configuration when a request failed before it resolved. */
const unresolved = { theme: {} };

function asAuthError(error: unknown): AuthError {
  return error instanceof AuthError ? error : new AuthError("An unexpected error occurred.", { err: error as Error });
}

/** A browser navigating to a page route, as opposed to a script that reads JSON. */
function wantsPage(request: Request): boolean {
  if (request.headers.has("x-auth-return-redirect") || apiRoutes.test(new URL(request.url).pathname)) return false;
  return /\btext\/html\b/i.test(request.headers.get("accept") ?? "");
}

/** The error page for `code`, without the request's cookies: a failed request changes no state. */
async function page(ctx: AuthContext | undefined, request: Request, code: string): Promise<Response> {
  const { errorPage } = await loadPages(ctx?.config);
  return html(undefined, await errorPage(ctx?.config ?? unresolved, request, code, { signinUrl: ctx ? `${ctx.baseUrl}/signin` : undefined }));
}

const signInParams = new Set(["error", "code", "callbackUrl", "csrfToken"]);

/** After a failed credentials sign-in, the user name or email it was tried with, so the page can show it again. Never a password. */
function keptIdentifier(ctx: AuthContext): Record<string, string> {
  const provider = ctx.provider;
  const name = provider?.type === "credentials" ? identifierInput(provider.credentials) : undefined;
  const value = name !== undefined ? ctx.body[name] : undefined;
  if (name === undefined || signInParams.has(name) || typeof value !== "string" || value === "") return {};
  return { [name]: value.slice(0, 320) };
}

/**
 * Turns any failure into a response the client can see: request mistakes are 400 JSON, or the error page for a
 * browser; client-safe errors redirect to the sign-in or error page by name; everything else is logged in full
 * and shown as Configuration.
 */
export async function errorResponse(error: unknown, ctx: AuthContext | undefined, request: Request, logger: LoggerInstance): Promise<Response> {
  const authError = asAuthError(error);
  if (requestErrors.has(authError.type)) {
    logger.debug(`rejected request: ${authError.type}`, { message: authError.message });
    if (wantsPage(request)) return page(ctx, request, "InvalidRequest");
    return json(undefined, { error: authError.type, message: authError.message }, 400);
  }
  logger.error(authError);
  const api = apiRoutes.test(new URL(request.url).pathname);
  if (!ctx) {
    if (api) return json(undefined, { message: configurationMessage }, 500);
    return page(undefined, request, "Configuration");
  }
  if (api) return json(ctx, { message: configurationMessage }, 500);
  const code = clientErrorCode(authError);
  const { pages } = ctx.config;
  if (authError.kind === "signIn") {
    const kept = authError.type === "CredentialsSignin" ? keptIdentifier(ctx) : {};
    const params = { error: code, code: "code" in authError ? String(authError.code) : undefined, ...kept };
    return redirect(ctx, withQuery(pages.signIn ?? `${ctx.baseUrl}/signin`, params));
  }
  return redirect(ctx, withQuery(pages.error ?? `${ctx.baseUrl}/error`, { error: code }));
}
