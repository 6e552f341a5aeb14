import type { TokenSet } from "../shared-types.js";
import { customFetch, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The fetch every request to the provider goes through: the one set with `[customFetch]`, else the global one. */
export function providerFetch(provider: OAuthProviderConfig): typeof fetch {
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
  const response = await providerFetch(provider)(url, init);
  if (!response.ok) {
    throw new Error(`Provider "${provider.id}" answered the profile request with status ${response.status}`);
  }
  return (await response.json()) as T;
}
