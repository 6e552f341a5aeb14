/**
 * The real GitHub provider, end to end against a GitHub-style OAuth 2.0 server on loopback: reached through
 * endpoint overrides, GitHub Enterprise's baseUrl, or `[customFetch]` rewriting github.com.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { customFetch, type Account, type AuthConfig } from "../../../src/index.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import GitHub, { type GitHubOptions } from "../../../src/providers/github.js";
import { createClient, type Transport } from "../../helpers/auth-client.js";
import { errorLog, fakeUser, rewritingFetch, serveApp, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";

const secret = "github-suite-secret-0123456789abcdefghijklmn";
const { fake, servers } = fakeOAuthForSuite({
  users: [
    fakeUser(4242, "octocat", "octocat@private.example"),
    fakeUser(777, "hubot", "hubot@private.example", { email: "hubot@public.example" }),
  ],
});

beforeEach(() => {
  fake.requests.length = 0;
  fake.tokenType = "Bearer";
  fake.expiresIn = 28800;
});

interface Run {
  transport: Transport;
  accounts: Account[];
  log: ReturnType<typeof errorLog>;
}

async function app(options: GitHubOptions, extra: Partial<AuthConfig> = {}): Promise<Run> {
  const accounts: Account[] = [];
  const log = errorLog();
  const config: AuthConfig = {
    secret,
    trustHost: true,
    providers: [GitHub({ clientId: fake.clientId, clientSecret: fake.clientSecret, ...options })],
    logger: log.logger,
    events: { signIn: ({ account }) => void (account && accounts.push(account)) },
    ...extra,
  };
  const transport = await serveApp(config, fake, ["github"]);
  servers.push(transport);
  return { transport, accounts, log };
}

function expectAccount(account: Account | undefined, before: number, after: number) {
  expect(account).toMatchObject({
    provider: "github",
    type: "oauth",
    providerAccountId: "4242",
    access_token: fake.accessTokens.at(-1),
    token_type: "bearer",
    scope: "read:user user:email",
  });
  expect(account!.expires_at).toBeGreaterThanOrEqual(Math.floor(before / 1000) + 28800);
  expect(account!.expires_at).toBeLessThanOrEqual(Math.ceil(after / 1000) + 28800);
}

describe("GitHub provider against a GitHub-style OAuth 2.0 server", () => {
  it("signs in through [customFetch] alone, which carries every request to the provider", async () => {
    const seen: string[] = [];
    const { transport, accounts } = await app({ [customFetch]: rewritingFetch(fake, seen) });
    const client = createClient(transport);
    const before = Date.now();
    const { authorizationUrl, response } = await signInAtFake(client, fake, "github");
    const after = Date.now();

    const authorization = new URL(authorizationUrl);
    expect(authorization.origin + authorization.pathname).toBe("https://github.com/login/oauth/authorize");
    expect(authorization.searchParams.get("scope")).toBe("read:user user:email");
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${transport.origin}/welcome`);

    expect(seen).toEqual(["https://github.com/login/oauth/access_token", "https://api.github.com/user", "https://api.github.com/user/emails"]);
    const served = fake.requests.filter((r) => r.path !== "/login/oauth/authorize").map((r) => r.path);
    expect(served).toEqual(["/login/oauth/access_token", "/user", "/user/emails"]);

    expect(await client.session()).toMatchObject({
      user: { name: "Octocat", email: "octocat@private.example", image: "https://avatars.example/u/4242" },
    });
    expect(accounts).toHaveLength(1);
    expectAccount(accounts[0], before, after);
  });

  it("sends a form-encoded, client-authenticated token request with the PKCE verifier, and API requests with a User-Agent", async () => {
    const { transport } = await app({ [customFetch]: rewritingFetch(fake, []) });
    const { response } = await signInAtFake(createClient(transport), fake, "github");
    expect(response.status).toBe(302);
    const token = fake.requests.find((r) => r.path === "/login/oauth/access_token")!;
    expect(token.method).toBe("POST");
    expect(token.headers.get("content-type")).toMatch(/^application\/x-www-form-urlencoded/);
    expect(token.headers.get("accept")).toContain("application/json");
    expect(token.headers.get("authorization")).toBe(`Basic ${btoa(`${fake.clientId}:${fake.clientSecret}`)}`);
    expect(token.form).toMatchObject({ grant_type: "authorization_code", redirect_uri: `${transport.origin}/auth/callback/github` });
    expect(token.form!.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    for (const path of ["/user", "/user/emails"]) {
      const api = fake.requests.find((r) => r.path === path)!;
      expect(api.headers.get("authorization")).toBe(`Bearer ${fake.accessTokens.at(-1)}`);
      expect(api.headers.get("user-agent")).toBeTruthy();
    }
  });

  it("reaches a GitHub Enterprise server through the enterprise baseUrl override, with no customFetch", async () => {
    const { transport, accounts } = await app({ enterprise: { baseUrl: fake.origin } });
    const client = createClient(transport);
    const before = Date.now();
    const { authorizationUrl, response } = await signInAtFake(client, fake, "github");
    const after = Date.now();
    expect(new URL(authorizationUrl).origin).toBe(fake.origin);
    expect(response.headers.get("location")).toBe(`${transport.origin}/welcome`);
    expect(fake.requests.map((r) => r.path)).toEqual(["/login/oauth/authorize", "/login/oauth/access_token", "/api/v3/user", "/api/v3/user/emails"]);
    expect(((await client.session()) as any).user.email).toBe("octocat@private.example");
    expectAccount(accounts[0], before, after);
  });

  it("uses [customFetch] for overridden endpoint URLs too, and keeps the default scope under an authorization override", async () => {
    const seen: string[] = [];
    const { transport } = await app({
      authorization: { url: `${fake.origin}/login/oauth/authorize` },
      token: `${fake.origin}/login/oauth/access_token`,
      userinfo: `${fake.origin}/user`,
      [customFetch]: rewritingFetch(fake, seen),
    });
    const client = createClient(transport);
    const { authorizationUrl, response } = await signInAtFake(client, fake, "github");
    expect(new URL(authorizationUrl).origin).toBe(fake.origin);
    expect(new URL(authorizationUrl).searchParams.get("scope")).toBe("read:user user:email");
    expect(response.headers.get("location")).toBe(`${transport.origin}/welcome`);
    expect(seen).toEqual([`${fake.origin}/login/oauth/access_token`, `${fake.origin}/user`, "https://api.github.com/user/emails"]);
    expect(((await client.session()) as any).user.email).toBe("octocat@private.example");
  });

  it("takes a public email from /user without asking /user/emails", async () => {
    const seen: string[] = [];
    const { transport } = await app({ [customFetch]: rewritingFetch(fake, seen) });
    const client = createClient(transport);
    const { response } = await signInAtFake(client, fake, "github", { login: "hubot" });
    expect(response.status).toBe(302);
    expect(((await client.session()) as any).user).toMatchObject({ email: "hubot@public.example", name: "Hubot" });
    expect(seen).not.toContain("https://api.github.com/user/emails");
  });

  it("stores the account with a string providerAccountId, a lower-case token_type and expires_at in the adapter", async () => {
    const adapter = MemoryAdapter();
    const { transport } = await app({ [customFetch]: rewritingFetch(fake, []) }, { adapter });
    fake.tokenType = "BEARER";
    fake.expiresIn = 3600;
    const before = Date.now();
    const { response } = await signInAtFake(createClient(transport), fake, "github");
    const after = Date.now();
    expect(response.status).toBe(302);
    const account = await adapter.getAccount!("4242", "github");
    expect(account).toMatchObject({ providerAccountId: "4242", token_type: "bearer", access_token: fake.accessTokens.at(-1) });
    expect(account!.expires_at).toBeGreaterThanOrEqual(Math.floor(before / 1000) + 3600);
    expect(account!.expires_at).toBeLessThanOrEqual(Math.ceil(after / 1000) + 3600);
    const user = await adapter.getUser!(account!.userId);
    // /user/emails said the primary address is verified: GitHub proved it
    expect(user).toMatchObject({ email: "octocat@private.example", name: "Octocat", emailVerified: expect.any(Date) });
  });

  it("does not count the public email of /user as proven: nothing there says it is verified", async () => {
    const adapter = MemoryAdapter();
    const { transport } = await app({ [customFetch]: rewritingFetch(fake, []) }, { adapter });
    expect((await signInAtFake(createClient(transport), fake, "github", { login: "hubot" })).response.status).toBe(302);
    expect(await adapter.getUserByEmail!("hubot@public.example")).toMatchObject({ emailVerified: null });
  });

  it("leaves expires_at out when the server sends no expires_in", async () => {
    const { transport, accounts } = await app({ [customFetch]: rewritingFetch(fake, []) });
    fake.expiresIn = undefined;
    const { response } = await signInAtFake(createClient(transport), fake, "github");
    expect(response.status).toBe(302);
    expect(accounts[0].token_type).toBe("bearer");
    expect(accounts[0].expires_at).toBeUndefined();
  });

  it("sends no PKCE when the provider's checks leave it out, and the server accepts the plain code", async () => {
    const { transport } = await app({ checks: ["state"], [customFetch]: rewritingFetch(fake, []) });
    const { authorizationUrl, response } = await signInAtFake(createClient(transport), fake, "github");
    expect(new URL(authorizationUrl).searchParams.has("code_challenge")).toBe(false);
    expect(new URL(authorizationUrl).searchParams.get("state")).toMatch(/^[0-9a-f]{64}$/);
    expect(fake.requests.find((r) => r.path === "/login/oauth/access_token")!.form!.code_verifier).toBeUndefined();
    expect(response.headers.get("location")).toBe(`${transport.origin}/welcome`);
  });

  it("refuses the sign-in when the token endpoint rejects a wrong code_verifier with a 200 error answer", async () => {
    const forward = rewritingFetch(fake, []);
    const tampering: typeof fetch = (input, init) => {
      if (String(input).endsWith("/access_token") && init?.body instanceof URLSearchParams) {
        const body = new URLSearchParams(init.body);
        body.set("code_verifier", "x".repeat(43));
        return forward(input, { ...init, body });
      }
      return forward(input, init);
    };
    const { transport, log } = await app({ [customFetch]: tampering });
    const client = createClient(transport);
    const { response } = await signInAtFake(client, fake, "github");
    expect(response.headers.get("location")).toBe(`${transport.origin}/auth/signin?error=OAuthCallbackError`);
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
    expect(fake.count("/user")).toBe(0);
    expect(log.lines.join("\n")).toMatch(/"github".*invalid_grant/);
  });

  it("refuses the sign-in when the server does not know the client secret", async () => {
    const { transport, log } = await app({ clientSecret: "wrong-secret", [customFetch]: rewritingFetch(fake, []) });
    const client = createClient(transport);
    const { response } = await signInAtFake(client, fake, "github");
    expect(response.headers.get("location")).toBe(`${transport.origin}/auth/signin?error=OAuthCallbackError`);
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
    expect(log.lines.join("\n")).toMatch(/"github".*incorrect_client_credentials/);
  });
});
