/**
 * RFC 9207's `iss` authorization-response parameter (issue 14, finding 11): against oidc-provider, which
 * advertises `authorization_response_iss_parameter_supported`, a callback without `iss` or with another
 * issuer's is refused before the code is redeemed. Against a provider that does not advertise it, a missing
 * `iss` is fine, a wrong one is still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../helpers/plain-providers.js";
import { createClient, overHttp, type Transport } from "../../helpers/auth-client.js";
import { errorLog, serveApp } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";
import { idpClients, loginAtIdp, startIdp, type Idp } from "../../helpers/oidc-idp.js";
import { startSignIn } from "../../integration/oauth/oidc-flow.js";

const secret = "response-iss-suite-secret-0123456789abcdefg";

describe("with a provider that advertises iss in authorization responses", () => {
  let idp: Idp;
  let transport: Transport;
  const log = errorLog();

  beforeAll(async () => {
    idp = await startIdp([]);
    const provider = { id: "idp", name: "IdP", type: "oidc" as const, issuer: idp.issuer, clientId: idpClients.confidential.client_id, clientSecret: idpClients.confidential.client_secret };
    transport = await overHttp(createAuth({ secret, trustHost: true, logger: log.logger, providers: [provider] }, { env: {} }).fetch);
    await idp.setRedirectUris([`${transport.origin}/auth/callback/idp`]);
  });
  afterAll(async () => {
    await transport?.close();
    await idp?.close();
  });

  /** A sign-in at the IdP whose callback URL `edit` changes before the app sees it. */
  async function callbackWith(edit: (callback: URL) => void) {
    log.lines.length = 0;
    const client = createClient(transport);
    const returned = await loginAtIdp(await startSignIn(client, "idp"), "alice");
    const callback = new URL(returned.url);
    expect(callback.searchParams.get("iss")).toBe(idp.issuer);
    edit(callback);
    const response = await client.send(callback.href);
    return { location: response.headers.get("location")!.replace(transport.origin, ""), session: await client.session() };
  }

  it("refuses a callback without iss", async () => {
    const result = await callbackWith((callback) => callback.searchParams.delete("iss"));
    expect(result).toEqual({ location: "/auth/signin?error=OAuthCallbackError", session: null });
    expect(log.lines).toEqual([expect.stringMatching(/has no iss, which the provider promises/)]);
  });

  it("refuses a callback naming another issuer", async () => {
    for (const iss of ["https://attacker.example", `${idp.issuer}/`, idp.issuer.toUpperCase()]) {
      const result = await callbackWith((callback) => callback.searchParams.set("iss", iss));
      expect(result).toEqual({ location: "/auth/signin?error=OAuthCallbackError", session: null });
      expect(log.lines).toEqual([expect.stringMatching(/iss is not this provider's issuer/)]);
    }
  });

  it("signs in when iss is the provider's (the control)", async () => {
    expect((await callbackWith(() => {})).location).toBe("/welcome");
  });
});

describe("with a provider that does not advertise it", () => {
  const { fake, servers } = fakeOAuthForSuite();

  async function signIn(iss?: string) {
    fake.idToken = (grant) => fake.signIdToken(grant);
    const provider = { id: "idp", name: "IdP", type: "oidc" as const, issuer: fake.origin, clientId: fake.clientId, clientSecret: fake.clientSecret };
    const transport = await serveApp({ secret, trustHost: true, logger: { error: () => {} }, providers: [provider] }, fake, ["idp"]);
    servers.push(transport);
    const client = createClient(transport);
    const started = await client.send("/signin/idp", { form: { csrfToken: await client.csrfToken(), callbackUrl: "/welcome" } });
    const callback = new URL(await fake.authorize(started.headers.get("location")!));
    if (iss !== undefined) callback.searchParams.set("iss", iss);
    return (await client.send(callback.href)).headers.get("location")!.replace(transport.origin, "");
  }

  it("signs in without iss, and with its own", async () => {
    expect(await signIn()).toBe("/welcome");
    expect(await signIn(fake.origin)).toBe("/welcome");
  });

  it("refuses another issuer's iss all the same", async () => {
    expect(await signIn("https://attacker.example")).toBe("/auth/signin?error=OAuthCallbackError");
  });
});
