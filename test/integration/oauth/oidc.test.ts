import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthConfig } from "../../../src/index.js";
import { type OAuthProviderConfig } from "../../../src/providers/index.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { createClient, overHttp, type Transport } from "../../helpers/auth-client.js";
import { idpClients, loginAtIdp, startIdp, type Idp } from "../../helpers/oidc-idp.js";
import { returnToApp, signInThroughIdp, startSignIn } from "./oidc-flow.js";

const secret = "oidc-suite-secret-0123456789abcdefghijklmnop";
let idp: Idp;
let transport: Transport;
let config: AuthConfig;
const logs: string[] = [];

function oidc(id: string, overrides: Partial<OAuthProviderConfig>): OAuthProviderConfig {
  return { id, name: `IdP ${id}`, type: "oidc", issuer: idp.issuer, ...overrides };
}

function providers() {
  return [
    oidc("basic", { clientId: idpClients.confidential.client_id, clientSecret: idpClients.confidential.client_secret, checks: ["pkce", "state", "nonce"] }),
    oidc("post", { clientId: idpClients.post.client_id, clientSecret: idpClients.post.client_secret, checks: ["state"], client: { token_endpoint_auth_method: "client_secret_post" } }),
    oidc("public", { clientId: idpClients.public.client_id, checks: ["pkce"] }),
    oidc("formpost", {
      clientId: idpClients.confidential.client_id,
      clientSecret: idpClients.confidential.client_secret,
      checks: ["pkce", "state", "nonce"],
      authorization: { params: { response_mode: "form_post" } },
    }),
  ];
}

beforeAll(async () => {
  idp = await startIdp([{ sub: "alice", email: "alice@example.com", name: "Alice Liddell" }]);
  let authFetch: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  transport = await overHttp((request) => authFetch(request));
  config = {
    secret,
    trustHost: true,
    providers: providers(),
    logger: { error: (e) => void logs.push(`${e.name}: ${e.message} ${String((e.cause as any)?.err?.message ?? "")}`) },
  };
  authFetch = createAuth(config, { env: {} }).fetch;
  await idp.setRedirectUris(["basic", "post", "public", "formpost"].map((id) => `${transport.origin}/auth/callback/${id}`));
});

afterAll(async () => {
  await transport?.close();
  await idp?.close();
});

describe("OIDC sign-in against a real OpenID provider", () => {
  for (const id of ["basic", "post", "public", "formpost"]) {
    it(`signs in with the ${id} client and sets a session`, async () => {
      const client = createClient(transport);
      const { response, returned } = await signInThroughIdp(client, id, "alice");
      expect(returned.method).toBe(id === "formpost" ? "POST" : "GET");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${transport.origin}/welcome`);
      const session = (await client.session()) as any;
      // alice has no picture: as with @auth/core, the session has no image field, not `image: null`
      expect(session.user).toEqual({ name: "Alice Liddell", email: "alice@example.com" });
      expect(client.jar.names().filter((n) => /state|pkce|nonce/.test(n))).toEqual([]);
    });
  }

  it("sends state, PKCE S256 and nonce on the authorization URL and binds them in cookies", async () => {
    const client = createClient(transport);
    const url = new URL(await startSignIn(client, "basic"));
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("state")).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get("nonce")).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get("scope")).toBe("openid profile email");
    expect(url.searchParams.get("redirect_uri")).toBe(`${transport.origin}/auth/callback/basic`);
    expect(client.jar.names()).toEqual(expect.arrayContaining(["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"]));
  });

  it("merges the request query and signIn authorizationParams into the authorization URL, but never the checks", async () => {
    const client = createClient(transport);
    const url = new URL(await startSignIn(client, "basic", {}, "?prompt=login&login_hint=alice&state=evil&redirect_uri=https://evil.example"));
    expect(url.searchParams.get("prompt")).toBe("login");
    expect(url.searchParams.get("login_hint")).toBe("alice");
    expect(url.searchParams.get("state")).not.toBe("evil");
    expect(url.searchParams.get("redirect_uri")).toBe(`${transport.origin}/auth/callback/basic`);
  });

  it("discovers the endpoints once per issuer and reuses the JWKS", async () => {
    const auth = createAuth({ ...config, providers: providers() }, { env: {} });
    const server = await overHttp(auth.fetch);
    await idp.setRedirectUris(["basic", "post", "public", "formpost"].flatMap((id) => [`${transport.origin}/auth/callback/${id}`, `${server.origin}/auth/callback/${id}`]));
    try {
      const before = idp.jwksFetches();
      for (let i = 0; i < 2; i++) {
        const { response } = await signInThroughIdp(createClient(server), "basic", "alice");
        expect(response.status).toBe(302);
      }
      expect(idp.jwksFetches() - before).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("refetches the JWKS once when the IdP rotates its signing key", async () => {
    const client = createClient(transport);
    expect((await signInThroughIdp(client, "basic", "alice")).response.status).toBe(302);
    await idp.rotateKeys();
    await idp.setRedirectUris(["basic", "post", "public", "formpost"].map((id) => `${transport.origin}/auth/callback/${id}`));
    const before = idp.jwksFetches();
    const second = createClient(transport);
    const { response } = await signInThroughIdp(second, "basic", "alice");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${transport.origin}/welcome`);
    expect(idp.jwksFetches() - before).toBe(1);
  });
});

describe("OAuth check failures", () => {
  async function callbackWith(mutate: (url: URL, client: ReturnType<typeof createClient>) => void, providerId = "basic") {
    const client = createClient(transport);
    const returned = await loginAtIdp(await startSignIn(client, providerId), "alice");
    const url = new URL(returned.url);
    mutate(url, client);
    const response = await returnToApp(client, { ...returned, url: url.href });
    return { response, client };
  }

  function expectNoSession(response: Response, client: ReturnType<typeof createClient>) {
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/\/auth\/(error|signin)\?error=/);
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
  }

  it("refuses a callback whose state was altered", async () => {
    const { response, client } = await callbackWith((url) => url.searchParams.set("state", "0".repeat(64)));
    expectNoSession(response, client);
  });

  it("refuses a callback without the state parameter", async () => {
    const { response, client } = await callbackWith((url) => url.searchParams.delete("state"));
    expectNoSession(response, client);
  });

  it("refuses a callback without the check cookies", async () => {
    const { response, client } = await callbackWith((_url, c) => {
      for (const name of c.jar.names()) if (/state|pkce|nonce/.test(name)) c.jar.delete(name);
    });
    expectNoSession(response, client);
  });

  it("refuses an altered PKCE verifier cookie", async () => {
    const { response, client } = await callbackWith((_url, c) => c.jar.set("authjs.pkce.code_verifier", c.jar.get("authjs.pkce.code_verifier")!.slice(0, -4) + "AAAA"));
    expectNoSession(response, client);
  });

  it("refuses check cookies replayed at another provider (mix-up)", async () => {
    const client = createClient(transport);
    const returned = await loginAtIdp(await startSignIn(client, "basic"), "alice");
    const url = new URL(returned.url);
    url.pathname = url.pathname.replace("/basic", "/post");
    const response = await returnToApp(client, { ...returned, url: url.href });
    expectNoSession(response, client);
    expect(logs.join("\n")).toMatch(/not issued for provider "post"/);
  });

  it("turns an error parameter into OAuthCallbackError on the sign-in page", async () => {
    const { response } = await callbackWith((url) => {
      url.searchParams.delete("code");
      url.searchParams.set("error", "access_denied");
    });
    expect(response.headers.get("location")).toBe(`${transport.origin}/auth/signin?error=OAuthCallbackError`);
  });

  it("never accepts a code twice, so an interrupted flow's token is no session", async () => {
    const client = createClient(transport);
    const returned = await loginAtIdp(await startSignIn(client, "basic"), "alice");
    const cookies = client.jar.header();
    const first = await returnToApp(client, returned);
    expect(first.status).toBe(302);
    const replay = createClient(transport);
    for (const pair of cookies.split("; ")) {
      const [name, ...value] = pair.split("=");
      replay.jar.set(name, value.join("="));
    }
    const second = await returnToApp(replay, returned);
    expect(second.headers.get("location")).toMatch(/error=/);
  });
});

describe("database accounts with a real IdP", () => {
  it("creates the user and account once and signs the same user in again", async () => {
    const adapter = MemoryAdapter();
    const events: string[] = [];
    const auth = createAuth({ ...config, providers: providers(), adapter, events: { createUser: () => void events.push("createUser"), linkAccount: () => void events.push("linkAccount") } }, { env: {} });
    const server = await overHttp(auth.fetch);
    await idp.setRedirectUris(["basic"].map((id) => `${server.origin}/auth/callback/${id}`));
    try {
      for (let i = 0; i < 2; i++) {
        const client = createClient(server);
        const { response } = await signInThroughIdp(client, "basic", "alice");
        expect(response.status).toBe(302);
        expect(((await client.session()) as any).user.email).toBe("alice@example.com");
      }
      const user = await adapter.getUserByAccount!({ provider: "basic", providerAccountId: "alice" });
      expect(user?.email).toBe("alice@example.com");
      expect(events).toEqual(["createUser", "linkAccount"]);
    } finally {
      await server.close();
      await idp.setRedirectUris(["basic", "post", "public", "formpost"].map((id) => `${transport.origin}/auth/callback/${id}`));
    }
  });
});
