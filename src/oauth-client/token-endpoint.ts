import type { ParsedOAuthProvider } from "../config/providers/provider-types.js";
import type { TokenSet } from "../shared-types.js";
import { ProviderRequestError, providerFetch, readJson } from "./provider-fetch.js";
import { untrustedText } from "./untrusted-text.js";

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
