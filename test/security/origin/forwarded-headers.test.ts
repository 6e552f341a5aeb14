/**
 * Finding 6: X-Forwarded-Host and X-Forwarded-Proto count only when the deployment says a proxy sets them.
 * Otherwise AUTH_URL, or in development the request's own host, decides every absolute URL sekisho builds.
 */
import { describe, expect, it } from "vitest";
import type { OAuthProviderConfig } from "../../../src/providers/index.js";
import { alice, localClient, makeAuth, type Client } from "../../helpers/auth-client.js";
import { emailAuth, forged } from "./fixtures.js";

const acme: OAuthProviderConfig = {
  id: "acme",
  name: "Acme",
  type: "oauth",
  clientId: "client",
  clientSecret: "secret",
  authorization: "https://idp.example/authorize",
  token: "https://idp.example/token",
  userinfo: "https://idp.example/userinfo",
};

/** The CSRF token fetched with the same headers, so the cookie has the name the POST will look for. */
async function csrfToken(client: Client, headers: Record<string, string>): Promise<string> {
  return ((await (await client.send("/csrf", { headers })).json()) as { csrfToken: string }).csrfToken;
}

async function emailedLink(env: Record<string, string> = {}, trustHost?: boolean): Promise<URL> {
  const { auth, links } = emailAuth(env, trustHost);
  const client = localClient(auth.fetch);
  const response = await client.send("/signin/email", { headers: forged, form: { email: alice.email, csrfToken: await csrfToken(client, forged) } });
  expect(response.status).toBe(302);
  expect(links).toHaveLength(1);
  return new URL(links[0]);
}

describe("forwarded headers in development, with nothing declared", () => {
  it("the emailed sign-in link uses the request's own host, not a forged X-Forwarded-Host", async () => {
    const link = await emailedLink();
    expect(link.origin).toBe("http://localhost:3000");
    expect(link.pathname).toBe("/auth/callback/email");
  });

  it("the OAuth redirect_uri uses the request's own host", async () => {
    const client = localClient(makeAuth({ providers: [acme] }).fetch);
    const response = await client.send("/signin/acme", { headers: forged, form: { csrfToken: await csrfToken(client, forged) } });
    expect(response.status).toBe(302);
    const authorization = new URL(response.headers.get("location")!);
    expect(authorization.origin).toBe("https://idp.example");
    expect(authorization.searchParams.get("redirect_uri")).toBe("http://localhost:3000/auth/callback/acme");
  });

  it("the redirect after sign-in and after sign-out stays on the request's own host", async () => {
    const client = localClient(makeAuth().fetch);
    const form = { username: "alice", password: alice.password, callbackUrl: "/home", csrfToken: await csrfToken(client, forged) };
    const signedIn = await client.send("/callback/credentials", { headers: forged, form });
    expect(signedIn.headers.get("location")).toBe("http://localhost:3000/home");
    expect(client.jar.get("authjs.session-token")).toBeDefined();
    const signedOut = await client.send("/signout", { headers: forged, form: { callbackUrl: "/bye", csrfToken: form.csrfToken } });
    expect(signedOut.headers.get("location")).toBe("http://localhost:3000/bye");
  });

  it('AUTH_TRUST_HOST="false" keeps development on the request\'s own host instead of refusing to start', async () => {
    expect((await emailedLink({ AUTH_TRUST_HOST: "false" })).origin).toBe("http://localhost:3000");
  });
});

describe("forwarded headers the deployment declares", () => {
  it.each([
    ["trustHost: true", {}, true],
    ["AUTH_TRUST_HOST=true", { AUTH_TRUST_HOST: "true" }, undefined],
    ["VERCEL=1, whose edge sets X-Forwarded-Host itself", { VERCEL: "1" }, undefined],
  ] as const)("%s: the forwarded origin is used", async (_label, env, trustHost) => {
    expect((await emailedLink(env, trustHost)).origin).toBe("https://evil.example");
  });

  it("CF_PAGES=1 is not a declaration: Cloudflare passes a client's X-Forwarded-Host through unchanged", async () => {
    expect((await emailedLink({ CF_PAGES: "1" })).origin).toBe("http://localhost:3000");
  });

  it("trustHost: false wins over a platform", async () => {
    expect((await emailedLink({ VERCEL: "1" }, false)).origin).toBe("http://localhost:3000");
  });

  it("AUTH_URL alone does not make forwarded headers trusted, and decides the origin", async () => {
    expect((await emailedLink({ AUTH_URL: "https://app.example.com" })).origin).toBe("https://app.example.com");
  });
});

describe("in-process calls (server actions) given only the caller's headers", () => {
  const headers = { host: "localhost:3000", ...forged };

  it("signIn() without a provider points at the sign-in page on the Host, not the forged host", async () => {
    const { url } = await makeAuth().signIn(undefined, { redirectTo: "/next" }, undefined, { headers });
    expect(new URL(url).origin).toBe("http://localhost:3000");
  });

  it("signIn('email') emails a link on the Host", async () => {
    const { auth, links } = emailAuth();
    await auth.signIn("email", { email: alice.email, redirect: false }, undefined, { headers });
    expect(links.map((link) => new URL(link).origin)).toEqual(["http://localhost:3000"]);
  });

  it("signIn('credentials') redirects to the Host, also when given the caller's request", async () => {
    const auth = makeAuth();
    const fields = { username: "alice", password: alice.password, redirectTo: "/home", redirect: false };
    expect((await auth.signIn("credentials", fields, undefined, { headers })).url).toBe("http://localhost:3000/home");
    const request = new Request("http://localhost:3000/page", { headers: forged });
    expect((await auth.signIn("credentials", fields, undefined, { request })).url).toBe("http://localhost:3000/home");
  });

  it("with trustHost the forwarded origin is used by in-process calls as by routes", async () => {
    const request = new Request("http://10.0.0.1:3000/page", { headers: forged });
    const { url } = await makeAuth({ trustHost: true }).signIn(undefined, { redirectTo: "/next" }, undefined, { request });
    expect(new URL(url).origin).toBe("https://evil.example");
  });
});

describe("production", () => {
  it("refuses to start without AUTH_URL or a declared proxy", () => {
    expect(() => makeAuth({}, { env: { NODE_ENV: "production" } })).toThrow(/AUTH_URL.*trustHost/);
    expect(() => makeAuth({}, { env: { NODE_ENV: "production", CF_PAGES: "1" } })).toThrow(/AUTH_URL.*trustHost/);
    expect(() => makeAuth({}, { env: { NODE_ENV: "production", VERCEL: "1" } })).not.toThrow();
  });
});
