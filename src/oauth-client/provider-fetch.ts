import { customFetch, type ParsedOAuthProvider, type OAuthProviderConfig } from "../config/providers/provider-types.js";
import type { TokenSet } from "../shared-types.js";
import { untrustedText } from "./untrusted-text.js";

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

/** RFC 6749 §2.3.1: client id and secret are form-encoded before they are joined for Basic authentication. */
function basicCredentials(id: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");
  return btoa(`${encode(id)}:${encode(secret)}`);
}

export type ClientAuthMethod = "client_secret_basic" | "client_secret_post" | "none";

export function clientAuthMethod(provider: ParsedOAuthProvider): ClientAuthMethod {
  return provider.client?.token_endpoint_auth_method ?? (provider.clientSecret ? "client_secret_basic" : "none");
}

/** A refusal from the token endpoint, with the OAuth `error` code it answered (RFC 6749 §5.2) when it gave one. */
export class TokenEndpointRefusal extends ProviderRequestError {
  constructor(
    message: string,
    readonly error?: string,
  ) {
    super(message);
  }
}

/** The authorization-code grant: exchanges `code` at the token endpoint with the provider's client authentication. */
export async function exchangeCode(
  provider: ParsedOAuthProvider,
  tokenEndpoint: string,
  params: { code: string; redirectUri: string; codeVerifier?: string },
): Promise<TokenSet> {
  const body = new URLSearchParams({ grant_type: "authorization_code", code: params.code, redirect_uri: params.redirectUri });
  if (params.codeVerifier) body.set("code_verifier", params.codeVerifier);
  for (const [key, value] of Object.entries(provider.token.params)) if (value !== undefined) body.set(key, value);
  return tokenGrant(provider, tokenEndpoint, body, "the code");
}

/**
 * Posts a grant's `body` to the token endpoint with the provider's client authentication and checks the
 * answer: an access token (or, for the code grant, an ID token) of type bearer. `what` names the grant in errors.
 */
export async function tokenGrant(
  provider: ParsedOAuthProvider,
  tokenEndpoint: string,
  body: URLSearchParams,
  what: string,
): Promise<TokenSet> {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" });
  const clientId = provider.clientId ?? "";
  const method = clientAuthMethod(provider);
  if (method === "client_secret_basic") {
    headers.set("Authorization", `Basic ${basicCredentials(clientId, provider.clientSecret ?? "")}`);
  } else {
    body.set("client_id", clientId);
    if (method === "client_secret_post") body.set("client_secret", provider.clientSecret ?? "");
  }
  let response = await providerFetch(provider, "token endpoint", tokenEndpoint, { method: "POST", headers, body });
  if (provider.token.conform) response = (await provider.token.conform(response)) ?? response;
  const tokens = await readJson(response, "token endpoint");
  if (!response.ok || typeof tokens.error === "string") {
    const description = tokens.error_description ? ` (${untrustedText(tokens.error_description, 200)})` : "";
    const code = typeof tokens.error === "string" ? untrustedText(tokens.error, 64) : undefined;
    const detail = code ? `${code}${description}` : `status ${response.status}`;
    throw new TokenEndpointRefusal(`token endpoint refused ${what}: ${detail}`, code);
  }
  if (typeof tokens.access_token !== "string" && typeof tokens.id_token !== "string") {
    throw new ProviderRequestError("token endpoint answered without an access_token");
  }
  // RFC 6749 §5.1: token_type is required with an access token. Only bearer tokens are used here; providers that
  // leave it out say theirs are bearer in their `token.conform`.
  if (
    typeof tokens.access_token === "string" &&
    (typeof tokens.token_type !== "string" || tokens.token_type.toLowerCase() !== "bearer")
  ) {
    const type =
      typeof tokens.token_type === "string" ? `token_type ${JSON.stringify(tokens.token_type.slice(0, 32))}` : "no token_type";
    throw new ProviderRequestError(`token endpoint answered with ${type}; only bearer tokens are accepted`);
  }
  return normalizeTokens(tokens as TokenSet);
}

/** `expires_at` from `expires_in`, and a lower-case `token_type`, as an Auth.js `Account` holds them. */
export function normalizeTokens(tokens: TokenSet): TokenSet {
  const normalized: TokenSet = { ...tokens };
  if (typeof normalized.token_type === "string") normalized.token_type = normalized.token_type.toLowerCase();
  const expiresIn = Number(normalized.expires_in);
  if (normalized.expires_in !== undefined && Number.isFinite(expiresIn)) {
    normalized.expires_at = Math.floor(Date.now() / 1000) + expiresIn;
  }
  return normalized;
}

// What the provider modules' own profile requests use (GitHub's `/user/emails`, HubSpot's token in the query...).

/**
 * The fetch a provider module's own profile requests go through: the one set with `[customFetch]`, else the global
 * one. During a callback it is the timed fetch (`withTimedFetch`).
 */
export function configuredFetch(provider: OAuthProviderConfig): typeof fetch {
  return provider[customFetch] ?? fetch;
}

/**
 * The userinfo URL after the user's overrides, whether the endpoint is a string or `{url}`, with
 * `query` set on it for the providers that take the access token as a query parameter.
 */
export function userinfoUrl(provider: OAuthProviderConfig, query?: Record<string, string>): string {
  const url = typeof provider.userinfo === "string" ? provider.userinfo : provider.userinfo?.url;
  if (!url) throw new TypeError(`Provider "${provider.id}" has no userinfo URL`);
  if (!query) return url;
  const withQuery = new URL(url);
  for (const [name, value] of Object.entries(query)) withQuery.searchParams.set(name, value);
  return withQuery.href;
}

/** The `Authorization` header for a request made with the user's access token. */
export function bearer(tokens: TokenSet): Record<string, string> {
  return { Authorization: `Bearer ${tokens.access_token}` };
}

/**
 * Reads a JSON answer from the provider. A non-2xx answer is an error naming the provider and the
 * status only: the URL is left out because some providers carry the access token in it.
 */
export async function fetchJson<T>(provider: OAuthProviderConfig, url: string | URL, init?: RequestInit): Promise<T> {
  const response = await configuredFetch(provider)(url, init);
  if (!response.ok) {
    throw new Error(`Provider "${provider.id}" answered the profile request with status ${response.status}`);
  }
  return (await response.json()) as T;
}
