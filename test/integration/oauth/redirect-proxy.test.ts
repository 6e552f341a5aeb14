/**
 * The redirect proxy: a preview deployment signs in through a stable deployment's callback URL. The stable
 * one, sharing the secret, forwards the callback to the preview's own callback named in the state, when
 * its redirectProxyAllowedOrigins allows the preview's origin (test/security/redirect-proxy/ has the refusals).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { AuthConfig } from "../../../src/index.js";
import { createClient, type Client, type Transport } from "../../helpers/auth-client.js";
import { listen } from "../../helpers/deployment.js";
import { fakeProvider } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";

const secret = "redirect-proxy-suite-secret-0123456789abcd";
const { fake, servers } = fakeOAuthForSuite();

beforeEach(() => {
  fake.redirectUris.clear();
});

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret,
    trustHost: true,
    logger: { error: () => {} },
    providers: [fakeProvider(fake, "fake", { checks: ["pkce"] })],
    ...overrides,
  };
}

/**
 * The stable deployment, which is the proxy and allows the preview's origin, and a preview that signs in
 * through it; both take `redirectProxyUrl` from the option, or from AUTH_REDIRECT_PROXY_URL `byEnv`.
 */
async function pair(preview: Partial<AuthConfig> = {}, byEnv = false) {
  const [stable, previewAt] = await Promise.all([listen(servers), listen(servers)]);
  const redirectProxyUrl = `${stable.origin}/auth`;
  const proxy = byEnv ? {} : { redirectProxyUrl };
  const env: Record<string, string> = byEnv ? { AUTH_REDIRECT_PROXY_URL: redirectProxyUrl } : {};
  stable.serve(config({ ...proxy, redirectProxyAllowedOrigins: [previewAt.origin] }), env);
  previewAt.serve(config({ ...proxy, ...preview }), env);
  return { stable, preview: previewAt };
}

async function startAt(client: Client): Promise<URL> {
  const response = await client.send("/signin/fake", { form: { csrfToken: await client.csrfToken(), callbackUrl: "/welcome" } });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

/** The whole proxied round trip; returns each hop for the caller to inspect. */
async function proxiedSignIn(stable: Transport, preview: Transport) {
  fake.redirectUris.add(`${stable.origin}/auth/callback/fake`);
  const previewClient = createClient(preview);
  const authorization = await startAt(previewClient);
  const checkCookies = previewClient.jar.names();
  const atStable = new URL(await fake.authorize(authorization.href));
  const stableClient = createClient(stable);
  const forward = await stableClient.send(atStable.href);
  const forwarded = new URL(forward.headers.get("location") ?? "about:blank");
  const finish = await previewClient.send(forwarded.href);
  return { previewClient, stableClient, authorization, checkCookies, atStable, forward, forwarded, finish };
}

async function expectProxied(stable: Transport, preview: Transport) {
  const hops = await proxiedSignIn(stable, preview);
  expect(hops.authorization.searchParams.get("redirect_uri")).toBe(`${stable.origin}/auth/callback/fake`);
  const state = hops.authorization.searchParams.get("state");
  expect(state?.split(".")).toHaveLength(5);
  expect(hops.checkCookies).toEqual(expect.arrayContaining(["authjs.state", "authjs.pkce.code_verifier"]));
  expect(hops.atStable.origin + hops.atStable.pathname).toBe(`${stable.origin}/auth/callback/fake`);

  expect(hops.forward.status).toBe(302);
  expect(hops.forwarded.origin + hops.forwarded.pathname).toBe(`${preview.origin}/auth/callback/fake`);
  expect([...hops.forwarded.searchParams].sort()).toEqual([...hops.atStable.searchParams].sort());
  expect(hops.forwarded.searchParams.get("state")).toBe(state);
  expect(hops.stableClient.jar.get("authjs.session-token")).toBeUndefined();

  expect(hops.finish.status).toBe(302);
  expect(hops.finish.headers.get("location")).toBe(`${preview.origin}/welcome`);
  expect(((await hops.previewClient.session()) as any).user.name).toBe("Octocat");
  // The code was exchanged with the redirect_uri it was issued for.
  expect(fake.requests.filter((r) => r.path === "/login/oauth/access_token").at(-1)?.form?.redirect_uri).toBe(`${stable.origin}/auth/callback/fake`);
  return hops;
}

describe("redirect proxy", () => {
  it("signs a preview deployment in through the stable one named by redirectProxyUrl", async () => {
    const { stable, preview } = await pair();
    await expectProxied(stable, preview);
  });

  it("takes the proxy from AUTH_REDIRECT_PROXY_URL, also when the stable deployment has it set to itself", async () => {
    const { stable, preview } = await pair({}, true);
    await expectProxied(stable, preview);
  });

  it("signs the stable deployment itself in directly when it also names itself as the proxy", async () => {
    const { stable } = await pair({}, true);
    fake.redirectUris.add(`${stable.origin}/auth/callback/fake`);
    const client = createClient(stable);
    const authorization = await startAt(client);
    expect(authorization.searchParams.get("state")).toMatch(/^[0-9a-f]{64}$/);
    const response = await client.send(await fake.authorize(authorization.href));
    expect(response.headers.get("location")).toBe(`${stable.origin}/welcome`);
  });

  it("does not forward a callback whose state was sealed with another secret", async () => {
    const { stable, preview: stranger } = await pair({ secret: "another-secret-0123456789abcdefghijklmnopq" });
    const hops = await proxiedSignIn(stable, stranger);
    expect(hops.forward.status).toBe(302);
    expect(hops.forwarded.origin).toBe(stable.origin);
    expect(hops.forwarded.searchParams.get("error")).toBeTruthy();
    expect(hops.stableClient.jar.get("authjs.session-token")).toBeUndefined();
  });

  it("gives no session to a browser that arrives at the preview's callback without the preview's check cookies", async () => {
    const { stable, preview } = await pair();
    fake.redirectUris.add(`${stable.origin}/auth/callback/fake`);
    const authorization = await startAt(createClient(preview));
    const forward = await createClient(stable).send(await fake.authorize(authorization.href));
    expect(new URL(forward.headers.get("location")!).origin).toBe(preview.origin);
    const attacker = createClient(preview);
    const response = await attacker.send(forward.headers.get("location")!);
    expect(response.headers.get("location")).toMatch(/\/auth\/(signin|error)\?error=/);
    expect(attacker.jar.get("authjs.session-token")).toBeUndefined();
  });
});
