import { loadPages } from "../../pages/load.js";
import { AuthError, clientErrorCode, isClientSafe } from "../errors.js";
import type { LoggerInstance } from "../config/types.js";
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

/**
 * Turns any failure into a response the client can see: request mistakes are 400 JSON; client-safe errors
 * redirect to the sign-in or error page by name; everything else is logged in full and shown as Configuration.
 */
export async function errorResponse(error: unknown, ctx: AuthContext | undefined, request: Request, logger: LoggerInstance): Promise<Response> {
  const authError = asAuthError(error);
  if (requestErrors.has(authError.type)) {
    logger.debug(`rejected request: ${authError.type}`, { message: authError.message });
    return json(undefined, { error: authError.type, message: authError.message }, 400);
  }
  logger.error(authError);
  const api = apiRoutes.test(new URL(request.url).pathname);
  if (!ctx) {
    if (api) return json(undefined, { message: configurationMessage }, 500);
    const { errorPage } = await loadPages();
    return html(undefined, errorPage(unresolved, "Configuration", { signinUrl: "" }));
  }
  if (api) return json(ctx, { message: configurationMessage }, 500);
  const code = clientErrorCode(authError);
  const { pages } = ctx.config;
  if (authError.kind === "signIn") {
    const params = { error: code, code: "code" in authError ? String(authError.code) : undefined };
    return redirect(ctx, withQuery(pages.signIn ?? `${ctx.baseUrl}/signin`, params));
  }
  return redirect(ctx, withQuery(pages.error ?? `${ctx.baseUrl}/error`, { error: code }));
}
