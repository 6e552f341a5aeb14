import { customFetch } from "../config/providers/provider-types.js";
import type { ParsedOAuthProvider } from "../config/providers/provider-types.js";

/** Raised for anything that went wrong talking to the provider: down, slow, an error status, a malformed body. */
export class ProviderRequestError extends Error {
  override name = "ProviderRequestError";
}

/**
 * What a request to the provider is for. Errors name it and the provider's origin, never the URL's path or
 * query: some providers carry the access token there (HubSpot), and logs outlive tokens.
 */
export type EndpointRole = "discovery" | "JWKS" | "token endpoint" | "userinfo endpoint" | "userinfo request";

const defaultTimeoutSeconds = 10;

/**
 * Why a request failed: a timeout by name, otherwise the error's name with its cause's code (fetch only says
 * "fetch failed"). Messages are left out: fetch's own ones quote the URL.
 */
function failureReason(error: unknown, timeout: number): string {
  if ((error as Error)?.name === "TimeoutError") return `no answer within ${timeout} ms`;
  const code = (error as { cause?: { code?: unknown } })?.cause?.code;
  const name = String((error as Error)?.name ?? "Error");
  return typeof code === "string" ? `${name} (${code})` : name;
}

/** The origin of a request's URL, the one part of it a log line may carry. */
export function originOf(input: RequestInfo | URL): string {
  try {
    return new URL(input instanceof Request ? input.url : String(input)).origin;
  } catch {
    return "an unparsable URL";
  }
}

/** The provider's fetch (its `customFetch` when set) bounded by its timeout, so a hung IdP never hangs sign-in. */
async function timedFetch(
  provider: ParsedOAuthProvider,
  role: EndpointRole,
  input: RequestInfo | URL,
  init: RequestInit,
): Promise<Response> {
  const fetchFn = provider[customFetch] ?? fetch;
  const timeout = (provider.timeout ?? defaultTimeoutSeconds) * 1000;
  const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeout)]) : AbortSignal.timeout(timeout);
  try {
    return await fetchFn(input, { ...init, signal });
  } catch (error) {
    throw new ProviderRequestError(`${role} at ${originOf(input)} failed: ${failureReason(error, timeout)}`);
  }
}

/** fetch for sekisho's own requests to the provider: timed, and redirects are not followed. */
export function providerFetch(
  provider: ParsedOAuthProvider,
  role: EndpointRole,
  url: string,
  init: RequestInit = {},
): Promise<Response> {
  return timedFetch(provider, role, url, { ...init, redirect: "manual" });
}

/** The provider as its own `userinfo.request` sees it: whatever that fetches is bounded by the same timeout. */
export function withTimedFetch(provider: ParsedOAuthProvider): ParsedOAuthProvider {
  return {
    ...provider,
    [customFetch]: (input: RequestInfo | URL, init: RequestInit = {}) => timedFetch(provider, "userinfo request", input, init),
  };
}

/** Reads a JSON object from a provider's response, naming the endpoint when it is not one. */
export async function readJson(response: Response, what: EndpointRole): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new ProviderRequestError(`${what}: the response could not be read (${(error as Error).message})`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    if (!response.ok) throw new ProviderRequestError(`${what} answered ${response.status}`);
    throw new ProviderRequestError(`${what} did not answer with JSON (status ${response.status})`);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ProviderRequestError(`${what} answered with JSON that is not an object (status ${response.status})`);
  }
  return body as Record<string, unknown>;
}
