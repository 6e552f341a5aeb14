/**
 * An ID token's `azp`, when present, names this client (OpenID Connect Core §3.1.3.7; issue 14, finding 11):
 * a token the IdP issued to another party is refused even when its `aud` includes us.
 */
import { describe, expect, it } from "vitest";
import type { JWTPayload } from "jose";
import { createClient } from "../../helpers/auth-client.js";
import { errorLog, serveApp, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";

const secret = "azp-suite-secret-0123456789abcdefghijklmnopq";
const { fake, servers } = fakeOAuthForSuite();

async function signInWith(claims: (clientId: string) => JWTPayload) {
  const log = errorLog();
  fake.idToken = (grant) => fake.signIdToken(grant, claims(grant.clientId));
  const provider = { id: "idp", name: "IdP", type: "oidc" as const, issuer: fake.origin, clientId: fake.clientId, clientSecret: fake.clientSecret };
  const transport = await serveApp({ secret, trustHost: true, logger: log.logger, providers: [provider] }, fake, ["idp"]);
  servers.push(transport);
  const { response } = await signInAtFake(createClient(transport), fake, "idp");
  return { location: response.headers.get("location")!.replace(transport.origin, ""), log: log.lines };
}

describe("azp", () => {
  it("refuses a token for this audience whose azp is another party", async () => {
    const { location, log } = await signInWith(() => ({ azp: "another-client" }));
    expect(location).toBe("/auth/signin?error=OAuthCallbackError");
    expect(log).toEqual([expect.stringMatching(/azp is not this client/)]);
  });

  it("refuses several audiences with another party's azp, and with none", async () => {
    expect((await signInWith((id) => ({ aud: [id, "another-client"], azp: "another-client" }))).location).toBe("/auth/signin?error=OAuthCallbackError");
    expect((await signInWith((id) => ({ aud: [id, "another-client"] }))).location).toBe("/auth/signin?error=OAuthCallbackError");
  });

  it("accepts azp naming this client, and a token without azp (the controls)", async () => {
    expect((await signInWith((id) => ({ azp: id }))).location).toBe("/welcome");
    expect((await signInWith((id) => ({ aud: [id, "another-client"], azp: id }))).location).toBe("/welcome");
    expect((await signInWith(() => ({}))).location).toBe("/welcome");
  });
});
