/**
 * RP-initiated logout sends the browser to the provider with the session's ID token as `id_token_hint` and the
 * sign-out's callback URL as `post_logout_redirect_uri`. The callback URL is the browser's to choose, and the
 * hint's provider comes from the session. Neither may send the browser on to another site through the
 * provider, nor hand one provider's ID token to another provider or to a provider without `endSession`.
 */
import { describe, expect, it } from "vitest";
import { encode } from "../../../src/jwt.js";
import { customFetch } from "../../../src/index.js";
import { type OAuthProviderConfig } from "../../../src/providers/index.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { localClient, quietLogger } from "../../helpers/auth-client.js";

const secret = "end-session-attacks-0123456789abcdefghij";
const cookieName = "authjs.session-token";

function oidc(id: string, endSession: boolean): OAuthProviderConfig {
  const issuer = `https://${id}.example`;
  const document = {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    end_session_endpoint: `${issuer}/logout`,
  };
  return {
    id,
    name: id,
    type: "oidc",
    issuer,
    clientId: `${id}-client`,
    clientSecret: "client-secret-0123456789",
    ...(endSession ? { endSession: true } : {}),
    [customFetch]: async (input: RequestInfo | URL) =>
      String(input).endsWith("/.well-known/openid-configuration") ? Response.json(document) : new Response("not found", { status: 404 }),
  } as OAuthProviderConfig;
}

const auth = createAuth(
  { secret, session: { strategy: "jwt" }, providers: [oidc("idp", true), oidc("other", true), oidc("plain", false)], logger: quietLogger },
  { env: {} },
);

/** Signs out a browser whose session carries `hint`, with the sign-out form's `callbackUrl`. */
async function signOutResponse(hint: { provider: string; idToken: string }, callbackUrl: string): Promise<Response> {
  const client = localClient(auth.fetch);
  client.jar.set(cookieName, await encode({ token: { sub: "alice", sid: crypto.randomUUID().replaceAll("-", "").slice(0, 22), endSession: hint }, secret, salt: cookieName }));
  return client.send("/signout", { form: { csrfToken: await client.csrfToken(), callbackUrl }, headers: { accept: "text/html" } });
}

/** The redirect of a sign-out that must succeed. */
async function signOut(hint: { provider: string; idToken: string }, callbackUrl: string): Promise<URL> {
  const response = await signOutResponse(hint, callbackUrl);
  expect(response.status, callbackUrl).toBe(302);
  return new URL(String(response.headers.get("location")));
}

describe("RP-initiated logout", () => {
  it("post_logout_redirect_uri stays on the app's origin whatever callbackUrl the browser posts (or the URL is refused)", async () => {
    let redirected = 0;
    for (const callbackUrl of ["https://evil.example/steal", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "http://localhost:3000.evil.example/", "http://localhost:3000@evil.example/"]) {
      const response = await signOutResponse({ provider: "idp", idToken: "idp-id-token" }, callbackUrl);
      if (response.status === 400) continue;
      redirected += 1;
      expect(response.status, callbackUrl).toBe(302);
      const location = new URL(String(response.headers.get("location")));
      expect(location.origin, callbackUrl).toBe("https://idp.example");
      expect(new URL(String(location.searchParams.get("post_logout_redirect_uri"))).origin, callbackUrl).toBe("http://localhost:3000");
    }
    expect(redirected).toBeGreaterThanOrEqual(2);
  });

  it("the ID token goes only to the provider that issued it, and never to a provider without endSession or an unknown one", async () => {
    const toIdp = await signOut({ provider: "idp", idToken: "idp-id-token" }, "/bye");
    expect(`${toIdp.origin}${toIdp.pathname}`).toBe("https://idp.example/logout");
    expect(toIdp.searchParams.get("client_id")).toBe("idp-client");
    for (const provider of ["plain", "nope", "__proto__"]) {
      const local = await signOut({ provider, idToken: "idp-id-token" }, "/bye");
      expect(local.href, provider).toBe("http://localhost:3000/bye");
    }
  });
});
