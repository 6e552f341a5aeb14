import { describe, expect, it } from "vitest";
import { createAuth } from "../../../src/index.js";
import { alice, credentialsProvider, localClient, makeAuth, secret } from "../../helpers/auth-client.js";

async function signinUrlOf(auth: { fetch(request: Request): Response | Promise<Response> }, url: string, headers: HeadersInit = {}) {
  const response = await auth.fetch(new Request(url, { headers }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { credentials: { signinUrl: string } }).credentials.signinUrl;
}

describe("with AUTH_URL set", () => {
  const auth = createAuth({ providers: [credentialsProvider()], secret, trustHost: true }, { env: { AUTH_URL: "https://app.example.com" } });

  it("X-Forwarded-Host and X-Forwarded-Proto are ignored", async () => {
    const url = await signinUrlOf(auth, "http://10.0.0.1:3000/auth/providers", {
      "x-forwarded-host": "evil.com",
      "x-forwarded-proto": "http",
    });
    expect(url).toBe("https://app.example.com/auth/signin/credentials");
  });

  it("a malformed X-Forwarded-Host is ignored rather than refused", async () => {
    const url = await signinUrlOf(auth, "http://10.0.0.1:3000/auth/providers", { "x-forwarded-host": "evil.com/<x>" });
    expect(url).toBe("https://app.example.com/auth/signin/credentials");
  });

  it("redirects after sign-in use AUTH_URL's origin, whatever the request's host", async () => {
    const client = localClient(auth.fetch);
    const response = await client.signIn({ username: "alice", password: alice.password, callbackUrl: "/home" }, {
      "x-forwarded-host": "evil.com",
    });
    expect(response.headers.get("location")).toBe("https://app.example.com/home");
  });
});

describe("with trustHost", () => {
  const auth = makeAuth({ trustHost: true });

  it("X-Forwarded-Host and X-Forwarded-Proto set the origin", async () => {
    const url = await signinUrlOf(auth, "http://10.0.0.1:3000/auth/providers", {
      "x-forwarded-host": "Proxy.Example.com",
      "x-forwarded-proto": "https",
    });
    expect(url).toBe("https://proxy.example.com/auth/signin/credentials");
  });

  // A proxy that appends (Apache's mod_proxy) turns a client's "X-Forwarded-Host: evil.com" into
  // "evil.com, app.example.com": the first value would be the attacker's, and an emailed link would carry it.
  it.each([
    ["X-Forwarded-Host", { "x-forwarded-host": "evil.com, app.example.com" }],
    ["X-Forwarded-Proto", { "x-forwarded-host": "app.example.com", "x-forwarded-proto": "http, https" }],
  ])("several values in %s are a 400 that names the fix, and no URL is built from either", async (name, headers) => {
    const response = await auth.fetch(new Request("http://10.0.0.1:3000/auth/providers", { headers }));
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain(`The ${name} header holds several values`);
    expect(body).toContain("AUTH_URL");
    expect(body).not.toContain("evil.com");
    expect(body).not.toContain("http://app.example.com");
  });

  it("without forwarded headers the request's own origin is used", async () => {
    expect(await signinUrlOf(auth, "http://localhost:3000/auth/providers")).toBe("http://localhost:3000/auth/signin/credentials");
  });

  it.each([
    ["a path", { "x-forwarded-host": "evil.com/path" }],
    ["markup", { "x-forwarded-host": "evil.com<script>" }],
    ["a space", { "x-forwarded-host": "evil .com" }],
    ["userinfo", { "x-forwarded-host": "user@evil.com" }],
    ["a backslash", { "x-forwarded-host": "evil.com\\x" }],
    ["a bad port", { "x-forwarded-host": "evil.com:port" }],
    ["a query", { "x-forwarded-host": "evil.com?x=1" }],
    ["an unknown scheme", { "x-forwarded-proto": "javascript" }],
  ])("a malformed forwarded header (%s) is a 400", async (_label, headers) => {
    const response = await auth.fetch(new Request("http://localhost:3000/auth/providers", { headers }));
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).not.toMatch(/\n\s+at /);
    expect(response.headers.get("location")).toBeNull();
  });

  it("auth() with a malformed forwarded header is null, not an exception", async () => {
    const request = new Request("http://localhost:3000/", { headers: { "x-forwarded-host": "evil.com/x" } });
    await expect(auth.auth(request)).resolves.toBeNull();
  });

  it("a forwarded https origin makes the cookies secure", async () => {
    const client = localClient(auth.fetch);
    const headers = { "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" };
    const { csrfToken } = (await (await client.send("/csrf", { headers })).json()) as { csrfToken: string };
    expect(client.jar.get("__Host-authjs.csrf-token")).toBeDefined();
    const response = await client.send("/callback/credentials", { headers, form: { username: "alice", password: alice.password, csrfToken } });
    expect(response.headers.get("location")).toBe("https://app.example.com/");
    expect(client.jar.get("__Secure-authjs.session-token")).toBeDefined();
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
  });
});
