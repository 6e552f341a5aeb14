/**
 * An IdP that is down, slow or broken must give the user a clear error page with the right code, never a
 * 5xx or a hang, and the operator a log line naming the provider and what went wrong.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { customFetch, type AuthConfig } from "../../../src/index.js";
import { type OAuthProviderConfig } from "../../../src/providers/index.js";
import GitHub from "../../../src/providers/github.js";
import { createClient, type Client, type Transport } from "../../helpers/auth-client.js";
import { closedPortOrigin, errorLog, fakeProvider, rewritingFetch, serveApp, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";

const secret = "idp-faults-suite-secret-0123456789abcdefgh";
const { fake, servers } = fakeOAuthForSuite();
let down: string;
let transport: Transport;
const log = errorLog();

function oauth(id: string, overrides: Partial<OAuthProviderConfig> = {}): OAuthProviderConfig {
  return fakeProvider(fake, id, { name: `Fake ${id}`, timeout: 1, ...overrides });
}

beforeAll(async () => {
  down = await closedPortOrigin();
  const config: AuthConfig = {
    secret,
    trustHost: true,
    logger: log.logger,
    providers: [
      oauth("fake"),
      oauth("down", { token: `${down}/login/oauth/access_token`, userinfo: `${down}/user` }),
      { id: "lost", name: "Lost IdP", type: "oidc", issuer: down, clientId: "c", clientSecret: "s" },
      { id: "plain", name: "Plain OAuth server", type: "oidc", issuer: fake.origin, clientId: fake.clientId, clientSecret: fake.clientSecret },
      GitHub({ clientId: fake.clientId, clientSecret: fake.clientSecret, timeout: 1, [customFetch]: rewritingFetch(fake, []) }),
    ],
  };
  transport = await serveApp(config, fake, ["fake", "down", "github"]);
  servers.push(transport);
});

beforeEach(() => {
  fake.faults = {};
  log.lines.length = 0;
});

/** The callback answer must send the browser to a page that itself answers without a 5xx. */
async function expectErrorPage(client: Client, response: Response, location: string) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(location);
  expect(client.jar.get("authjs.session-token")).toBeUndefined();
  const page = await client.send(location);
  expect(page.status).toBeLessThan(500);
}

/** Sign-in and the IdP's redirect, then the callback alone, timed. */
async function timedCallback(client: Client, providerId: string) {
  const started = await client.send(`/signin/${providerId}`, { form: { csrfToken: await client.csrfToken(), callbackUrl: "/welcome" } });
  const back = await fake.authorize(started.headers.get("location")!);
  const before = performance.now();
  const response = await client.send(back);
  return { response, elapsed: performance.now() - before };
}

function expectLogged(pattern: RegExp) {
  expect(log.lines.join("\n")).toMatch(pattern);
}

describe("IdP faults during the callback", () => {
  it("reports an IdP that refuses connections", async () => {
    const client = createClient(transport);
    const { response } = await signInAtFake(client, fake, "down");
    await expectErrorPage(client, response, `${transport.origin}/auth/signin?error=OAuthCallbackError`);
    expectLogged(new RegExp(`OAuthCallbackError: Provider "down": token endpoint at ${down} failed: .*ECONNREFUSED`));
  });

  it("gives up on a token endpoint that never answers after the provider's timeout", async () => {
    fake.faults.token = "hang";
    const client = createClient(transport);
    const { response, elapsed } = await timedCallback(client, "fake");
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(5000);
    await expectErrorPage(client, response, `${transport.origin}/auth/signin?error=OAuthCallbackError`);
    expectLogged(/OAuthCallbackError: Provider "fake": token endpoint at http:\/\/127.0.0.1:\d+ failed: no answer within 1000 ms/);
  });

  it("reports a token endpoint answering 500", async () => {
    fake.faults.token = "500";
    const client = createClient(transport);
    const { response } = await signInAtFake(client, fake, "fake");
    await expectErrorPage(client, response, `${transport.origin}/auth/signin?error=OAuthCallbackError`);
    expectLogged(/OAuthCallbackError: Provider "fake": token endpoint answered 500/);
  });

  it("reports a token endpoint answering malformed JSON", async () => {
    fake.faults.token = "malformed";
    const client = createClient(transport);
    const { response } = await signInAtFake(client, fake, "fake");
    await expectErrorPage(client, response, `${transport.origin}/auth/signin?error=OAuthCallbackError`);
    expectLogged(/OAuthCallbackError: Provider "fake": token endpoint did not answer with JSON \(status 200\)/);
  });

  it("reports a token endpoint answering an HTML page", async () => {
    fake.faults.token = "html";
    const client = createClient(transport);
    const { response } = await signInAtFake(client, fake, "fake");
    await expectErrorPage(client, response, `${transport.origin}/auth/signin?error=OAuthCallbackError`);
    expectLogged(/OAuthCallbackError: Provider "fake": token endpoint did not answer with JSON \(status 200\)/);
  });

  it("reports a userinfo endpoint answering 401", async () => {
    fake.faults.user = "401";
    const client = createClient(transport);
    const { response } = await signInAtFake(client, fake, "fake");
    await expectErrorPage(client, response, `${transport.origin}/auth/signin?error=OAuthCallbackError`);
    expectLogged(/OAuthCallbackError: Provider "fake": userinfo endpoint answered 401/);
  });

  it("reports a userinfo endpoint answering 401 to a provider with its own userinfo request (GitHub)", async () => {
    fake.faults.user = "401";
    const client = createClient(transport);
    const { response } = await signInAtFake(client, fake, "github");
    await expectErrorPage(client, response, `${transport.origin}/auth/signin?error=OAuthCallbackError`);
    expectLogged(/OAuthCallbackError: Provider "github": .*401/);
  });

  it("gives up on a hung userinfo endpoint of a provider with its own userinfo request (GitHub)", async () => {
    fake.faults.user = "hang";
    const client = createClient(transport);
    const { response, elapsed } = await timedCallback(client, "github");
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(5000);
    await expectErrorPage(client, response, `${transport.origin}/auth/signin?error=OAuthCallbackError`);
    expectLogged(/OAuthCallbackError: Provider "github": .*no answer within 1000 ms/);
  });
});

describe("IdP faults at sign-in", () => {
  /**
   * POST /signin/:id whose discovery fails: a redirect to the error page with Configuration, as the
   * reference does, never a 5xx answer to the POST and no check cookies left behind.
   */
  async function expectSignInRedirect(id: string) {
    const client = createClient(transport);
    const response = await client.send(`/signin/${id}`, { form: { csrfToken: await client.csrfToken(), callbackUrl: "/welcome" } });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.origin).toBe(transport.origin);
    expect(location.pathname).toBe("/auth/error");
    expect(location.searchParams.get("error")).toBe("Configuration");
    expect(client.jar.names().filter((n) => /state|pkce|nonce/.test(n))).toEqual([]);
  }

  it("redirects with an error when discovery is down, never a 5xx", async () => {
    await expectSignInRedirect("lost");
    expectLogged(new RegExp(`AuthError: Provider "lost" cannot be used: discovery at ${down} failed: .*ECONNREFUSED`));
  });

  it("redirects with an error when the issuer has no discovery document", async () => {
    fake.idToken = undefined;
    await expectSignInRedirect("plain");
    expectLogged(/AuthError: Provider "plain" cannot be used: discovery at .* answered 404/);
  });
});
