/**
 * `state` on every sign-in and `nonce` whenever an ID token is verified, whatever the provider's `checks`
 * say (issue 14, finding 11): a PKCE-only provider still gets a state, and an altered, stripped or
 * unexpected state is refused before the code is redeemed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Check } from "../../../src/providers/index.js";
import { createClient, type Client } from "../../helpers/auth-client.js";
import { isDeletion, setCookiesOf } from "../../helpers/cookie-jar.js";
import { errorLog, fakeProvider, serveApp } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";

const secret = "state-nonce-suite-secret-0123456789abcdefghi";
const { fake, servers } = fakeOAuthForSuite();
let log: ReturnType<typeof errorLog>;

beforeEach(() => {
  fake.requests.length = 0;
  fake.idToken = undefined;
  log = errorLog();
});

async function app(type: "oauth" | "oidc", checks: Check[]) {
  const provider = type === "oidc" ? fakeProvider(fake, "p", { type, issuer: fake.origin, authorization: undefined, token: undefined, userinfo: undefined, checks }) : fakeProvider(fake, "p", { checks });
  const transport = await serveApp({ secret, trustHost: true, logger: log.logger, providers: [provider] }, fake, ["p"]);
  servers.push(transport);
  return createClient(transport);
}

/** POST /signin/p, then the fake's authorization endpoint: the authorization URL and the callback URL it sends back. */
async function authorize(client: Client) {
  const started = await client.send("/signin/p", { form: { csrfToken: await client.csrfToken(), callbackUrl: "/welcome" } });
  const authorizationUrl = new URL(started.headers.get("location")!);
  return { authorizationUrl, callback: new URL(await fake.authorize(authorizationUrl.href)) };
}

const redeemed = () => fake.count("/login/oauth/access_token");

/** The callback ended on the error page for a failed state check, and the code was never redeemed. */
async function expectStateRefused(response: Response) {
  expect(response.headers.get("location")).toMatch(/\/auth\/error\?error=Configuration$/);
  expect(log.lines).toEqual([expect.stringMatching(/^InvalidCheck: .*the state does not match the state cookie/)]);
  expect(redeemed()).toBe(0);
}

describe("state", () => {
  for (const checks of [["pkce"], ["none"], []] as Check[][]) {
    it(`is sent and checked when the provider's checks are ${JSON.stringify(checks)}`, async () => {
      const client = await app("oauth", checks);
      const { authorizationUrl, callback } = await authorize(client);
      expect(authorizationUrl.searchParams.get("state")).toMatch(/^[0-9a-f]{64}$/);
      expect(client.jar.get("authjs.state")).toBeDefined();
      callback.searchParams.delete("state");
      await expectStateRefused(await client.send(callback.href));
    });
  }

  it("refuses an altered state", async () => {
    const client = await app("oauth", ["pkce"]);
    const { callback } = await authorize(client);
    callback.searchParams.set("state", "f".repeat(64));
    await expectStateRefused(await client.send(callback.href));
  });

  it("clears the check cookies of a refused callback: a check is used once, even when the sign-in fails", async () => {
    const client = await app("oauth", ["pkce"]);
    const { callback } = await authorize(client);
    callback.searchParams.set("state", "f".repeat(64));
    const refused = await client.send(callback.href);
    await expectStateRefused(refused);
    const cleared = setCookiesOf(refused).filter(isDeletion).map((cookie) => cookie.name);
    expect(cleared.sort()).toEqual(["authjs.pkce.code_verifier", "authjs.state"]);
    expect(client.jar.get("authjs.state")).toBeUndefined();
  });

  it("refuses a state in a callback when no sign-in started here (no state cookie)", async () => {
    const client = await app("oauth", ["pkce"]);
    const { callback } = await authorize(client);
    const stranger = createClient({ origin: client.origin, send: (request) => fetch(request) });
    stranger.jar.set("authjs.pkce.code_verifier", client.jar.get("authjs.pkce.code_verifier")!);
    await expectStateRefused(await stranger.send(callback.href));
  });

  it("lets the untouched round trip sign in (the control)", async () => {
    const client = await app("oauth", ["pkce"]);
    const { callback } = await authorize(client);
    expect((await client.send(callback.href)).headers.get("location")).toBe(`${client.origin}/welcome`);
  });
});

describe("nonce", () => {
  it("is sent to an OpenID provider whose checks leave it out, and an ID token with another nonce is refused", async () => {
    fake.idToken = (grant) => fake.signIdToken(grant, { nonce: "f".repeat(64) });
    const client = await app("oidc", ["pkce"]);
    const { authorizationUrl, callback } = await authorize(client);
    expect(authorizationUrl.searchParams.get("nonce")).toMatch(/^[0-9a-f]{64}$/);
    expect(client.jar.get("authjs.nonce")).toBeDefined();
    expect((await client.send(callback.href)).headers.get("location")).toMatch(/error=OAuthCallbackError$/);
    expect(log.lines).toEqual([expect.stringMatching(/nonce does not match/)]);
  });

  it("refuses a callback whose nonce cookie is gone", async () => {
    fake.idToken = (grant) => fake.signIdToken(grant);
    const client = await app("oidc", ["pkce"]);
    const { callback } = await authorize(client);
    client.jar.delete("authjs.nonce");
    expect((await client.send(callback.href)).headers.get("location")).toMatch(/\/auth\/error\?error=Configuration$/);
    expect(log.lines).toEqual([expect.stringMatching(/^InvalidCheck: .*nonce cookie is missing/)]);
  });

  it("refuses an ID token without it when the provider's checks ask for it", async () => {
    fake.idToken = (grant) => fake.signIdToken({ ...grant, nonce: undefined });
    const client = await app("oidc", ["pkce", "nonce"]);
    const { callback } = await authorize(client);
    expect((await client.send(callback.href)).headers.get("location")).toMatch(/error=OAuthCallbackError$/);
  });

  it("accepts the ID token that carries it, and one without it from a provider that never echoes it (LinkedIn)", async () => {
    fake.idToken = (grant) => fake.signIdToken(grant);
    const echoing = await app("oidc", ["pkce"]);
    expect((await echoing.send((await authorize(echoing)).callback.href)).headers.get("location")).toBe(`${echoing.origin}/welcome`);
    fake.idToken = (grant) => fake.signIdToken({ ...grant, nonce: undefined });
    const silent = await app("oidc", ["state"]);
    expect((await silent.send((await authorize(silent)).callback.href)).headers.get("location")).toBe(`${silent.origin}/welcome`);
  });
});
