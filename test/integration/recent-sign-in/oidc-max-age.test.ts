/**
 * Signing in again at an OpenID provider for a sensitive action: the request carries `max_age` and
 * `prompt=login`, and the ID token's `auth_time` must show a fresh sign-in, against the real oidc-provider.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../helpers/plain-providers.js";
import { createClient, overHttp, type Transport } from "../../helpers/auth-client.js";
import { idpClients, loginAtIdp, startIdp, type Idp } from "../../helpers/oidc-idp.js";
import { createCookieJar } from "../../helpers/cookie-jar.js";
import { returnToApp, startSignIn } from "../oauth/oidc-flow.js";
import type { Auth } from "../../../src/auth-interface.js";

let idp: Idp;
let transport: Transport;
let auth: Auth;
const errors: string[] = [];

beforeAll(async () => {
  idp = await startIdp([{ sub: "alice", email: "alice@example.com", name: "Alice Liddell" }]);
  let authFetch: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  transport = await overHttp((request) => authFetch(request));
  auth = createAuth(
    {
      secret: "oidc-max-age-secret-0123456789abcdefghijklmnop",
      trustHost: true,
      account: { recentSignIn: 300 },
      providers: [
        {
          id: "idp",
          name: "IdP",
          type: "oidc",
          issuer: idp.issuer,
          clientId: idpClients.confidential.client_id,
          clientSecret: idpClients.confidential.client_secret,
        },
      ],
      logger: { error: (error) => void errors.push(error.message), warn: () => {}, debug: () => {} },
    },
    { env: {} },
  );
  authFetch = auth.fetch;
  await idp.setRedirectUris([`${transport.origin}/auth/callback/idp`]);
});

afterAll(async () => {
  await transport?.close();
  await idp?.close();
});

describe("signing in again at an OpenID provider", () => {
  it("a plain sign-in asks for neither max_age nor prompt=login", async () => {
    const client = createClient(transport);
    const url = new URL(await startSignIn(client, "idp"));
    expect(url.searchParams.has("max_age")).toBe(false);
    expect(url.searchParams.has("prompt")).toBe(false);
  });

  it("sends max_age and prompt=login, and keeps the ID token's auth_time as the proof", async () => {
    const client = createClient(transport);
    const idpJar = createCookieJar();
    await returnToApp(client, await loginAtIdp(await startSignIn(client, "idp"), "alice", idpJar));
    const before = Math.floor(Date.now() / 1000);
    const url = new URL(await startSignIn(client, "idp", { reauth: "1" }));
    expect(url.searchParams.get("max_age")).toBe("300");
    expect(url.searchParams.get("prompt")).toBe("login");
    const response = await returnToApp(client, await loginAtIdp(url.href, "alice", idpJar));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${transport.origin}/welcome`);
    const request = new Request(`${transport.origin}/settings`, { headers: { cookie: client.jar.header() } });
    const proof = await auth.signInProof(request);
    expect(proof?.methods).toEqual(["idp"]);
    expect(proof!.provedAt).toBeGreaterThanOrEqual(before - 1);
    expect(await auth.requireRecentSignIn(request)).toBeNull();
  });

  it("signIn(provider, { reauth: true }) from server code asks for max_age and prompt=login too", async () => {
    const request = new Request(`${transport.origin}/settings/danger`);
    const again = await auth.signIn("idp", { reauth: true, redirectTo: "/settings/danger", redirect: false }, undefined, { request });
    expect(new URL(again.url).searchParams.get("max_age")).toBe("300");
    expect(new URL(again.url).searchParams.get("prompt")).toBe("login");
    const plain = await auth.signIn("idp", { reauth: false, redirect: false }, undefined, { request });
    expect(new URL(plain.url).searchParams.has("max_age")).toBe(false);
  });

  it("refuses an answer without auth_time to a request that sent max_age", async () => {
    const client = createClient(transport);
    const url = new URL(await startSignIn(client, "idp", { reauth: "1" }));
    // a provider that ignores max_age: the request reaches it without, and its ID token has no auth_time
    url.searchParams.delete("max_age");
    url.searchParams.delete("prompt");
    const response = await returnToApp(client, await loginAtIdp(url.href, "alice"));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/\/auth\/(error|signin)\?error=/);
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
    expect(errors.join("\n")).toContain("no auth_time, and max_age was sent");
  });
});
