/**
 * Who an OpenID provider says signed in. A userinfo answer names the same subject as the verified ID token,
 * or it is not used (OpenID Connect Core §5.3.2): otherwise the account comes from whatever the userinfo call
 * returned, which nothing signed. And a discovery document that names another issuer than the configured one
 * (a mix-up, or a hijacked well-known URL) gives no endpoints: no sign-in starts against it.
 */
import { describe, expect, it } from "vitest";
import type { Profile } from "../../../src/index.js";
import { createClient } from "../../helpers/auth-client.js";
import { errorLog, serveApp, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";

const secret = "oidc-subject-suite-secret-0123456789abcdefgh";
const { fake, servers } = fakeOAuthForSuite();

function oidcProvider(overrides: Record<string, unknown> = {}) {
  return { id: "idp", name: "IdP", type: "oidc" as const, issuer: fake.origin, clientId: fake.clientId, clientSecret: fake.clientSecret, ...overrides };
}

async function serve(provider: ReturnType<typeof oidcProvider>) {
  const log = errorLog();
  fake.idToken = (grant) => fake.signIdToken(grant);
  const transport = await serveApp({ secret, trustHost: true, logger: log.logger, providers: [provider] }, fake, ["idp"]);
  servers.push(transport);
  return { client: createClient(transport), transport, log: log.lines };
}

/** Signs in with a provider whose own userinfo request answers `profile`; where the app lands. */
async function signInWithUserinfo(profile: Profile) {
  const { client, transport, log } = await serve(oidcProvider({ userinfo: { request: async () => profile } }));
  const { response } = await signInAtFake(client, fake, "idp");
  return { location: response.headers.get("location")!.replace(transport.origin, ""), log, session: await client.session() };
}

describe("a userinfo answer beside the ID token", () => {
  it("naming another subject than the ID token is refused", async () => {
    const { location, log, session } = await signInWithUserinfo({ sub: "1", email: "admin@example.com" });
    expect(location).toBe("/auth/signin?error=OAuthCallbackError");
    expect(log).toEqual([expect.stringMatching(/userinfo.*sub/i)]);
    expect(session).toBeNull();
  });

  it("naming the ID token's subject signs in with the userinfo profile (the control)", async () => {
    const { location, session } = await signInWithUserinfo({ sub: String(fake.users[0].id), email: "octocat@example.com" });
    expect(location).toBe("/welcome");
    expect(session).toMatchObject({ user: { email: "octocat@example.com" } });
  });
});

describe("a discovery document naming another issuer", () => {
  it("starts no sign-in: the authorization endpoint it names is never reached", async () => {
    const { client, log } = await serve(oidcProvider({ issuer: "https://accounts.example.com", wellKnown: `${fake.origin}/.well-known/openid-configuration` }));
    const before = fake.count("/login/oauth/authorize");
    const started = await client.send("/signin/idp", { form: { csrfToken: await client.csrfToken(), callbackUrl: "/welcome" } });
    expect(started.headers.get("location")).toMatch(/\/auth\/error\?error=Configuration$/);
    expect(log.join("\n")).toMatch(/names another issuer than the configured one/);
    expect(fake.count("/login/oauth/authorize")).toBe(before);
  });
});
