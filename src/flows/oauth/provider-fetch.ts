import { customFetch } from "../../providers/types.js";
import type { ParsedOAuthProvider } from "../../providers/parse.js";

/** Raised for anything that went wrong talking to the provider: down, slow, an error status, a malformed body. */
export class ProviderRequestError extends Error {
  override name = "ProviderRequestError";
}

const defaultTimeoutSeconds = 10;

/** Why a request failed: a timeout by name, otherwise the message with its cause's code (fetch only says "fetch failed"). */
function failureReason(error: unknown, timeout: number): string {
  if ((error as Error)?.name === "TimeoutError") return `no answer within ${timeout} ms`;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const detail = typeof cause?.code === "string" ? cause.code : typeof cause?.message === "string" ? cause.message : undefined;
  return detail ? `${(error as Error)?.message} (${detail})` : String((error as Error)?.message);
}

/** The provider's fetch (its `customFetch` when set) bounded by its timeout, so a hung IdP never hangs sign-in. */
async function timedFetch(provider: ParsedOAuthProvider, input: RequestInfo | URL, init: RequestInit): Promise<Response> {
  const fetchFn = provider[customFetch] ?? fetch;
  const timeout = (provider.timeout ?? defaultTimeoutSeconds) * 1000;
  const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeout)]) : AbortSignal.timeout(timeout);
  try {
    return await fetchFn(input, { ...init, signal });
  } catch (error) {
    const url = new URL(input instanceof Request ? input.url : String(input));
    throw new ProviderRequestError(`request to ${url.origin}${url.pathname} failed: ${failureReason(error, timeout)}`);
  }
}

/** fetch for sekisho's own requests to the provider: timed, and redirects are not followed. */
export function providerFetch(provider: ParsedOAuthProvider, url: string, init: RequestInit = {}): Promise<Response> {
  return timedFetch(provider, url, { ...init, redirect: "manual" });
}

/** The provider as its own `userinfo.request` sees it: whatever that fetches is bounded by the same timeout. */
export function withTimedFetch(provider: ParsedOAuthProvider): ParsedOAuthProvider {
  return { ...provider, [customFetch]: (input: RequestInfo | URL, init: RequestInit = {}) => timedFetch(provider, input, init) };
}

/** Reads a JSON object from a provider's response, naming the endpoint when it is not one. */
export async function readJson(response: Response, what: string): Promise<Record<string, unknown>> {
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
