/**
 * Finding 2: the redirect proxy must not carry a victim's authorization code to an origin the attacker
 * chose. Only the deployment at `redirectProxyUrl` forwards callbacks, and only to the origins its own
 * `redirectProxyAllowedOrigins` lists; by default to none.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { AuthConfig } from "../../../src/index.js";
import { createClient, type Client } from "../../helpers/auth-client.js";
import { listen, type Deployment } from "../../helpers/deployment.js";
import { fakeProvider } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";

const secret = "redirect-proxy-security-secret-0123456789ab";
const attacker = "https://attacker.example";
const { fake, servers } = fakeOAuthForSuite();

beforeEach(() => {
  fake.redirectUris.clear();
});

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { secret, trustHost: true, logger: { error: () => {} }, providers: [fakeProvider(fake, "fake", { checks: ["pkce"] })], ...overrides };
}

/** The stable deployment, serving as the proxy, and a preview that signs in through it. */
async function pair(stableOverrides: (preview: Deployment) => Partial<AuthConfig>) {
  const [stable, preview] = await Promise.all([listen(servers), listen(servers)]);
  const redirectProxyUrl = `${stable.origin}/auth`;
  stable.serve(config({ redirectProxyUrl, ...stableOverrides(preview) }));
  preview.serve(config({ redirectProxyUrl }));
  fake.redirectUris.add(`${redirectProxyUrl}/callback/fake`);
  return { stable, preview };
}

/** Starts a sign-in at `client`'s deployment with `headers`, and returns where the IdP sends the browser back. */
async function callbackFor(client: Client, headers: Record<string, string> = {}): Promise<string> {
  const { csrfToken } = (await (await client.send("/csrf", { headers })).json()) as { csrfToken: string };
  const started = await client.send("/signin/fake", { headers, form: { csrfToken, callbackUrl: "/welcome" } });
  expect(started.status).toBe(302);
  return fake.authorize(started.headers.get("location")!);
}

function expectNotForwardedTo(response: Response, origin: string) {
  const location = response.headers.get("location") ?? "";
  expect(location.startsWith(origin)).toBe(false);
  expect(location).not.toContain("code=");
}

describe("the redirect proxy forwards a callback", () => {
  it("not to an origin an attacker had sealed into the state with a forged X-Forwarded-Host", async () => {
    const { stable, preview } = await pair((p) => ({ redirectProxyAllowedOrigins: [p.origin] }));
    // The attacker starts the sign-in at the preview, which trusts forwarded headers, and hands the
    // authorization URL to the victim; the IdP sends the victim's browser to the stable deployment.
    const callback = await callbackFor(createClient(preview), { "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https" });
    const victim = createClient(stable);
    const response = await victim.send(callback);
    expectNotForwardedTo(response, attacker);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(new RegExp(`^${stable.origin}/auth/(error|signin)\\?error=`));
    expect(victim.jar.get("authjs.session-token")).toBeUndefined();
  });

  it("by default to no other origin at all", async () => {
    const { stable, preview } = await pair(() => ({}));
    const response = await createClient(stable).send(await callbackFor(createClient(preview)));
    expectNotForwardedTo(response, preview.origin);
    expect(response.headers.get("location")).toMatch(/\?error=/);
  });

  it("never from a deployment other than the one redirectProxyUrl names, even with the same configuration", async () => {
    const [stable, previewA, previewB, unproxied] = await Promise.all([listen(servers), listen(servers), listen(servers), listen(servers)]);
    const shared = config({ redirectProxyUrl: `${stable.origin}/auth`, redirectProxyAllowedOrigins: [previewA.origin, previewB.origin] });
    for (const deployment of [stable, previewA, previewB]) deployment.serve(shared);
    unproxied.serve({ ...shared, redirectProxyUrl: undefined });
    fake.redirectUris.add(`${stable.origin}/auth/callback/fake`);
    const callback = new URL(await callbackFor(createClient(previewB)));
    for (const bystander of [previewA, unproxied]) {
      const response = await createClient(bystander).send(`${bystander.origin}${callback.pathname}${callback.search}`);
      expectNotForwardedTo(response, previewB.origin);
      expect(response.headers.get("location")).toMatch(/\?error=/);
    }
  });

  it("to a preview origin the proxy allows, with every parameter, and the preview signs the user in", async () => {
    const { stable, preview } = await pair((p) => ({ redirectProxyAllowedOrigins: ["https://*.preview.example.com", p.origin] }));
    const previewClient = createClient(preview);
    const callback = new URL(await callbackFor(previewClient));
    const forward = await createClient(stable).send(callback.href);
    expect(forward.status).toBe(302);
    const forwarded = new URL(forward.headers.get("location")!);
    expect(forwarded.origin + forwarded.pathname).toBe(`${preview.origin}/auth/callback/fake`);
    expect([...forwarded.searchParams].sort()).toEqual([...callback.searchParams].sort());
    const finish = await previewClient.send(forwarded.href);
    expect(finish.headers.get("location")).toBe(`${preview.origin}/welcome`);
    expect(previewClient.jar.get("authjs.session-token")).toBeDefined();
  });

  it.each([
    ["pr-7.preview.example.com", true],
    ["a.b.preview.example.com", false],
    ["preview.example.com", false],
    ["pr-7.preview.example.com.attacker.example", false],
    ["evilpreview.example.com", false],
  ])("under https://*.preview.example.com, to %s: %s", async (host, allowed) => {
    const { stable, preview } = await pair(() => ({ redirectProxyAllowedOrigins: ["https://*.preview.example.com"] }));
    const callback = await callbackFor(createClient(preview), { "x-forwarded-host": host, "x-forwarded-proto": "https" });
    const location = (await createClient(stable).send(callback)).headers.get("location") ?? "";
    expect(location.startsWith(`https://${host}/auth/callback/fake?`)).toBe(allowed);
    if (!allowed) expect(location).toMatch(new RegExp(`^${stable.origin}/auth/(error|signin)\\?error=`));
  });
});
