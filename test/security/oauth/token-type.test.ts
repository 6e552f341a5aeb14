/**
 * The token response's `token_type` (RFC 6749 §5.1; issue 14, finding 11): only bearer tokens, in any case,
 * are accepted. A provider that leaves `token_type` out is refused unless its config says its tokens are
 * bearer, as the catalog's Instagram, Threads and others do with `token.conform`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { conformSuccess, withBearerType } from "../../../src/providers/token-response.js";
import { customFetch } from "../../../src/index.js";
import { type OAuthProviderConfig } from "../../../src/providers/index.js";
import { createClient } from "../../helpers/auth-client.js";
import { errorLog, fakeProvider, serveApp, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";

const secret = "token-type-suite-secret-0123456789abcdefghij";
const { fake, servers } = fakeOAuthForSuite();

afterEach(() => {
  fake.tokenType = "Bearer";
});

async function signIn(overrides: Partial<OAuthProviderConfig> = {}) {
  const log = errorLog();
  const transport = await serveApp({ secret, trustHost: true, logger: log.logger, providers: [fakeProvider(fake, "p", overrides)] }, fake, ["p"]);
  servers.push(transport);
  const { response } = await signInAtFake(createClient(transport), fake, "p");
  return { location: response.headers.get("location")!.replace(transport.origin, ""), log: log.lines };
}

/** A fetch that drops `token_type` from the fake's token answers, as some providers send them. */
const withoutTokenType: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (!String(input instanceof Request ? input.url : input).endsWith("/login/oauth/access_token")) return response;
  const { token_type: _dropped, ...body } = (await response.json()) as Record<string, unknown>;
  return Response.json(body, { status: response.status });
};

describe("token_type", () => {
  it.each(["DPoP", "mac", "", "bearer-ish"])("refuses a token of type %j", async (type) => {
    fake.tokenType = type;
    const { location, log } = await signIn();
    expect(location).toBe("/auth/signin?error=OAuthCallbackError");
    expect(log).toEqual([expect.stringMatching(/only bearer tokens are accepted/)]);
  });

  it("refuses a token answer without token_type", async () => {
    expect((await signIn({ [customFetch]: withoutTokenType })).location).toBe("/auth/signin?error=OAuthCallbackError");
  });

  it("accepts one without token_type from a provider whose config says its tokens are bearer", async () => {
    expect((await signIn({ [customFetch]: withoutTokenType, token: { url: `${fake.origin}/login/oauth/access_token`, conform: conformSuccess(withBearerType) } })).location).toBe("/welcome");
  });

  it.each(["Bearer", "bearer", "BEARER"])("accepts %s", async (type) => {
    fake.tokenType = type;
    expect((await signIn()).location).toBe("/welcome");
  });
});
