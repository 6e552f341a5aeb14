/** Which sign-in method a provider gets: its module's, else the instance's for a plain object, else a start-up error. */
import { describe, expect, it } from "vitest";
import { createAuth } from "../../../src/index.js";
import { type ProviderConfig, signInMethods } from "../../../src/providers/index.js";
import GitHub from "../../../src/providers/github.js";
import Google from "../../../src/providers/google.js";
import { signInMethod, type EmailProviderConfig, type ParsedOAuthProvider } from "../../../src/config/providers/provider-types.js";
import type { AuthContext } from "../../../src/http/context.js";
import type { Flow } from "../../../src/flows/flow.js";
import { emailMethod } from "../../../src/email/index.js";
import { oauthMethod } from "../../../src/oauth/index.js";
import { methodOf, flowFor } from "../../../src/flows/sign-in-method.js";
import { ceremoniesOf } from "../../../src/passkeys/webauthn-ceremonies.js";
import { ceremonies } from "../../../src/passkeys/index.js";
import WebAuthn from "../../../src/providers/webauthn.js";
import Passkey from "../../../src/providers/passkey.js";

const secret = "sign-in-methods-secret-0123456789";
const plainOidc = { id: "corp", name: "Corp", type: "oidc", issuer: "https://idp.example", clientId: "c", clientSecret: "s" } as const;
const plainEmail = { id: "mail", name: "Mail", type: "email", sendVerificationRequest: () => {} } as const;
const plainCredentials = { id: "pw", name: "Password", type: "credentials", credentials: {}, authorize: () => null } as const;

async function methodTypes(providers: ProviderConfig[], methods?: typeof signInMethods) {
  const auth = createAuth({ secret, trustHost: true, providers }, { env: {}, methods });
  const config = await auth.resolveConfig();
  return config.providers.map((p) => p[signInMethod]?.type);
}

describe("sign-in methods", () => {
  it("gives a plain OAuth object the core's OAuth method", async () => {
    expect(await methodTypes([{ id: "corp", name: "Corp", type: "oauth", authorization: "https://a.example/auth", token: "https://a.example/token", userinfo: "https://a.example/me" }])).toEqual(["oauth"]);
  });

  it("keeps the method a provider module brought", async () => {
    expect(await methodTypes([GitHub(), Google()])).toEqual(["oauth", "oidc"]);
  });

  it("refuses a plain OpenID Connect object at start-up, naming the module and the option", () => {
    expect(() => createAuth({ secret, providers: [plainOidc] }, { env: {} })).toThrow(/providers\[id="corp"\] is a plain "oidc" object.*OIDC\(\) from "sekisho\/providers\/oidc".*signInMethods/);
  });

  it("refuses plain credentials objects at start-up, naming Credentials()", () => {
    expect(() => createAuth({ secret, providers: [plainCredentials] }, { env: {} })).toThrow(/Credentials\(\) from "sekisho\/providers\/credentials"/);
  });

  it("accepts plain objects of every type with signInMethods, as Auth.js does", async () => {
    expect(await methodTypes([plainOidc, plainCredentials], signInMethods)).toEqual(["oidc", "credentials"]);
    // past the method, an email provider stops at the next check: it needs an adapter
    expect(() => createAuth({ secret, providers: [plainEmail] }, { env: {}, methods: signInMethods })).toThrow(/needs a database/);
    expect(() => createAuth({ secret, providers: [plainEmail] }, { env: {} })).toThrow(/is a plain "email" object/);
  });

  it("gives a provider whose type was changed the method of its new type", async () => {
    expect(await methodTypes([Google({ type: "oauth" })])).toEqual(["oauth"]);
  });

  it("never lets an OpenID Connect provider sign in by OAuth's method, which verifies no ID token", async () => {
    const oidcGitHub = { ...GitHub(), type: "oidc", issuer: "https://idp.example" } as const;
    expect(() => createAuth({ secret, providers: [oidcGitHub] }, { env: {} })).toThrow(/is a plain "oidc" object/);
    expect(await methodTypes([oidcGitHub], signInMethods)).toEqual(["oidc"]);
  });

  it("refuses at start-up a provider carrying another type's method, whose flow would get a provider it does not serve", () => {
    const credentialsWithEmailMethod = { ...plainCredentials, [signInMethod]: emailMethod };
    expect(() => createAuth({ secret, providers: [credentialsWithEmailMethod] }, { env: {} })).toThrow(/is a plain "credentials" object/);
    expect(methodOf(credentialsWithEmailMethod)).toBeUndefined();
    expect(methodOf({ ...plainEmail, [signInMethod]: emailMethod })).toBe(emailMethod);
  });

  it("types a method's flow for its own provider type only", () => {
    const email: EmailProviderConfig = { ...plainEmail, [signInMethod]: emailMethod };
    const flow: Flow<EmailProviderConfig> = flowFor(email);
    expect(flow.signIn).toBe(emailMethod.signIn);
    // @ts-expect-error an email provider's flow is never OAuth's
    const wrong: Flow<ParsedOAuthProvider> = flowFor(email);
    // @ts-expect-error OAuth's sign-in takes a parsed OAuth/OIDC provider, never an email provider
    const misuse = (ctx: AuthContext) => oauthMethod.signIn?.(ctx, email);
    expect([wrong, typeof misuse]).toEqual([flow, "function"]);
  });

  it("hands a WebAuthn provider its ceremonies through its method, typed for the request context", async () => {
    for (const provider of [WebAuthn(), Passkey()]) {
      const found = ceremoniesOf(provider);
      const options: (ctx: AuthContext, p: typeof provider) => Promise<unknown> = found.options;
      expect([options, found.callback, found.script]).toEqual([ceremonies.options, ceremonies.callback, ceremonies.script]);
      expect(Object.keys(await found.view())).toContain("PasskeyForm");
    }
    const email: EmailProviderConfig = { ...plainEmail, [signInMethod]: emailMethod };
    // @ts-expect-error only the WebAuthn method has ceremonies
    expect(methodOf(email)?.options).toBeUndefined();
  });

  it("finds no ceremonies on a WebAuthn provider without them or carrying another type's method", () => {
    const { [signInMethod]: _, ...bare } = WebAuthn();
    expect(() => ceremoniesOf(bare)).toThrow(/providers\[id="webauthn"\] is a WebAuthn provider without its ceremonies/);
    expect(() => ceremoniesOf({ ...WebAuthn(), [signInMethod]: emailMethod })).toThrow(/without its ceremonies/);
  });
});
