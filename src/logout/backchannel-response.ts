import { InvalidProvider, InvalidRequest, UnknownAction } from "../errors.js";
import { RateLimited } from "../sign-in-errors.js";
import type { Outcome } from "../http/outcome.js";
import type { LoggerInstance } from "../logger.js";
import { ProviderRequestError } from "../oauth-client/provider-fetch.js";

/** A logout token that is not valid; its message says why, without quoting the token. */
export class LogoutTokenError extends Error {
  override name = "LogoutTokenError";
}

/** The back-channel logout route, under any basePath: its failures are answered by `backchannelFailure`. */
export const backchannelLogoutPath = /\/backchannel-logout(\/[^/]*)?\/?$/;

/** Every answer of the route: never stored by a cache (§2.8). */
export function backchannelAnswer(status: number, body?: Record<string, string>, headers: Record<string, string> = {}): Outcome {
  const common = { "Cache-Control": "no-store", ...headers };
  if (!body) return { kind: "reply", status, body: null, headers: common, cookies: [] };
  return {
    kind: "reply",
    status,
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...common },
    cookies: [],
  };
}

/**
 * What the provider is told when a logout fails (§2.8): 400 with an OAuth-style error. Only a GET (or any
 * method but POST) is 405, and a client over the rate limit 429. A failure of the app's own is logged in
 * full; the provider learns only that the logout did not happen.
 */
export function backchannelFailure(error: unknown, request: Request, logger: LoggerInstance): Outcome {
  if (request.method !== "POST")
    return backchannelAnswer(405, { error: "invalid_request", error_description: "Use POST." }, { Allow: "POST" });
  if (error instanceof RateLimited) {
    return backchannelAnswer(
      429,
      { error: "invalid_request", error_description: "Too many requests." },
      { "Retry-After": String(error.retryAfter) },
    );
  }
  if (
    error instanceof LogoutTokenError ||
    error instanceof InvalidRequest ||
    error instanceof InvalidProvider ||
    error instanceof UnknownAction
  ) {
    logger.debug("back-channel logout refused", { reason: error.message });
    return backchannelAnswer(400, { error: "invalid_request", error_description: error.message });
  }
  logger.error(error instanceof Error ? error : new Error(String(error)));
  const description =
    error instanceof ProviderRequestError
      ? "The provider's discovery document or keys could not be fetched."
      : "The logout could not be completed.";
  return backchannelAnswer(400, { error: "invalid_request", error_description: description });
}
