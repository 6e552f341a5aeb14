import { encodeBase64url } from "../crypto.js";

/** A PKCE code verifier: 32 random bytes, base64url (RFC 7636 §4.1). */
export function createCodeVerifier(): string {
  return encodeBase64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The S256 challenge of a verifier (RFC 7636 §4.2). */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return encodeBase64url(new Uint8Array(digest));
}

export interface AuthorizationRequest {
  endpoint: string;
  clientId: string;
  redirectUri: string;
  scope?: string;
  state?: string;
  codeChallenge?: string;
}

/** The authorization request of the code flow (RFC 6749 §4.1.1), with PKCE when a challenge is given. */
export function authorizationUrl(request: AuthorizationRequest): URL {
  const url = new URL(request.endpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", request.clientId);
  url.searchParams.set("redirect_uri", request.redirectUri);
  if (request.scope) url.searchParams.set("scope", request.scope);
  if (request.state) url.searchParams.set("state", request.state);
  if (request.codeChallenge) {
    url.searchParams.set("code_challenge", request.codeChallenge);
    url.searchParams.set("code_challenge_method", "S256");
  }
  return url;
}
