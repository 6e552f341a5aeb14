import { describe, expect, it } from "vitest";
import { type OAuthProviderConfig } from "../../../src/providers/index.js";
import { createAuth } from "../../helpers/plain-providers.js";

const provider = (extra: Record<string, unknown>): OAuthProviderConfig =>
  ({ id: "idp", name: "idp", type: "oidc", issuer: "https://idp.example", clientId: "id", clientSecret: "secret", ...extra }) as OAuthProviderConfig;
const build = (extra: Record<string, unknown>) => () => createAuth({ secret: "s".repeat(32), providers: [provider(extra)] }, { env: {} });

describe("provider-token options", () => {
  it("accepts storeTokensInSession true and an accessTokenSkew of seconds", () => {
    expect(build({ storeTokensInSession: true, accessTokenSkew: 30 })).not.toThrow();
  });

  it("refuses a storeTokensInSession that is not a boolean", () => {
    expect(build({ storeTokensInSession: "yes" })).toThrow(/storeTokensInSession must be true or false/);
  });

  it.each([-1, Number.NaN, "60"])("refuses accessTokenSkew %s", (skew) => {
    expect(build({ accessTokenSkew: skew })).toThrow(/accessTokenSkew must be a number of seconds/);
  });
});
