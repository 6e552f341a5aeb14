import { describe, expect, it } from "vitest";
import { AuthError, skipCSRFCheck, type AuthConfig } from "../../../src/index.js";
import { type WarningCode } from "../../../src/logger.js";
import { type ProviderConfig } from "../../../src/providers/index.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import type { Env } from "../../../src/config/env-vars.js";
import { alice, captureOutput, credentialsProvider, localClient, makeAuth, secret } from "../../helpers/auth-client.js";
import Passkey from "../../../src/providers/passkey.js";

const silent = { error: () => {}, warn: () => {} };

function startUp(config: Partial<AuthConfig>, env: Env = {}) {
  return () => createAuth({ providers: [credentialsProvider()], secret, logger: silent, ...config }, { env });
}

function startUpError(config: Partial<AuthConfig>, env: Env = {}): AuthError {
  try {
    startUp(config, env)();
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError);
    return error as AuthError;
  }
  throw new Error("createAuth did not throw");
}

function warningsOf(config: Partial<AuthConfig>, env: Env = {}): WarningCode[] {
  const codes: WarningCode[] = [];
  createAuth({ providers: [credentialsProvider()], secret, ...config, logger: { error: () => {}, warn: (code) => void codes.push(code) } }, { env });
  return codes;
}

const oauthWithoutEndpoints = { id: "acme", name: "Acme", type: "oauth", clientId: "id", clientSecret: "s" } as ProviderConfig;
const webauthn = Passkey();

describe("start-up validation", () => {
  it("MissingSecret in production, naming AUTH_SECRET and the secret option", () => {
    const error = startUpError({ secret: undefined, trustHost: true }, { NODE_ENV: "production" });
    expect(error.type).toBe("MissingSecret");
    expect(error.message).toContain("AUTH_SECRET");
    expect(error.message).toContain("`secret`");
  });

  it("outside production a missing secret is replaced by a random one, with a warning", async () => {
    expect(warningsOf({ secret: undefined })).toContain("missing-secret");
    const auth = startUp({ secret: undefined })();
    const client = localClient(auth.fetch);
    await client.signIn();
    expect(await client.session()).not.toBeNull();
  });

  it("UntrustedHost in production without AUTH_URL or trustHost, naming both fixes", () => {
    const error = startUpError({}, { NODE_ENV: "production" });
    expect(error.type).toBe("UntrustedHost");
    expect(error.message).toContain("AUTH_URL");
    expect(error.message).toContain("trustHost");
    expect(startUp({ trustHost: true }, { NODE_ENV: "production" })).not.toThrow();
    expect(startUp({}, { NODE_ENV: "production", AUTH_URL: "https://app.example.com" })).not.toThrow();
    expect(startUp({}, { NODE_ENV: "production", AUTH_TRUST_HOST: "true" })).not.toThrow();
  });

  it("UnsupportedStrategy for an unknown session.strategy or a bad maxAge", () => {
    const strategy = startUpError({ session: { strategy: "cookie" as "jwt" } });
    expect(strategy.type).toBe("UnsupportedStrategy");
    expect(strategy.message).toContain("session.strategy");
    const maxAge = startUpError({ session: { maxAge: -1 } });
    expect(maxAge.type).toBe("UnsupportedStrategy");
    expect(maxAge.message).toContain("session.maxAge");
  });

  it("UnsupportedStrategy naming jwt.maxAge when it is no positive number of seconds (a string from the environment, 0, negative)", () => {
    for (const value of ["3600", 0, -60, Number.NaN]) {
      const error = startUpError({ jwt: { maxAge: value as number } });
      expect(error.type, String(value)).toBe("UnsupportedStrategy");
      expect(error.message).toContain("jwt.maxAge");
    }
    expect(startUp({ jwt: { maxAge: 60 } })).not.toThrow();
  });

  it("MissingAdapter for the database strategy without an adapter", () => {
    const error = startUpError({ session: { strategy: "database" } });
    expect(error.type).toBe("MissingAdapter");
    expect(error.message).toContain("session.strategy");
    expect(error.message).toContain("`adapter`");
  });

  it("MissingAdapterMethods names every missing method", () => {
    const error = startUpError({ adapter: { createUser: async (user) => user } });
    expect(error.type).toBe("MissingAdapterMethods");
    for (const method of ["createSession", "getSessionAndUser", "updateSession", "deleteSession"]) {
      expect(error.message).toContain(method);
    }
    expect(error.message).not.toContain("createUser");
  });

  it("MissingAdapterMethods for an OAuth provider's user methods", () => {
    const { getUserByAccount: _a, linkAccount: _b, ...adapter } = MemoryAdapter();
    const error = startUpError({
      adapter,
      providers: [{ ...oauthWithoutEndpoints, issuer: "https://idp.example.com" } as ProviderConfig],
    });
    expect(error.type).toBe("MissingAdapterMethods");
    expect(error.message).toContain("getUserByAccount");
    expect(error.message).toContain("linkAccount");
  });

  it("InvalidEndpoints names the provider and each missing endpoint", () => {
    const error = startUpError({ providers: [oauthWithoutEndpoints] });
    expect(error.type).toBe("InvalidEndpoints");
    expect(error.message).toContain('providers[id="acme"]');
    for (const endpoint of ["authorization", "token", "userinfo"]) expect(error.message).toContain(endpoint);
    expect(error.message).toContain("issuer");
  });

  it("InvalidEndpoints for an endpoint that is not a URL", () => {
    const provider = { ...oauthWithoutEndpoints, authorization: "not a url", token: "https://a.example/t", userinfo: "https://a.example/u" };
    const error = startUpError({ providers: [provider as ProviderConfig] });
    expect(error.type).toBe("InvalidEndpoints");
    expect(error.message).toContain("authorization");
  });

  it("InvalidEndpoints for a basePath that is not a path", () => {
    const error = startUpError({ basePath: "auth" });
    expect(error.type).toBe("InvalidEndpoints");
    expect(error.message).toContain("basePath");
  });

  it("ExperimentalFeatureNotEnabled for a WebAuthn provider without the flag", () => {
    const error = startUpError({ adapter: MemoryAdapter(), providers: [webauthn] });
    expect(error.type).toBe("ExperimentalFeatureNotEnabled");
    expect(error.message).toContain("enableWebAuthn");
    expect(startUp({ adapter: MemoryAdapter(), providers: [webauthn], experimental: { enableWebAuthn: true } })).not.toThrow();
  });

  it("MissingAdapter for a WebAuthn provider without an adapter", () => {
    const error = startUpError({ providers: [webauthn], experimental: { enableWebAuthn: true } });
    expect(error.type).toBe("MissingAdapter");
  });

  it("a lazy configuration is validated per request: a bad one fails the request, not start-up", async () => {
    const auth = createAuth(() => ({ providers: [credentialsProvider()], secret, session: { strategy: "database" as const } }), { env: {} });
    let response: Response | undefined;
    const lines = await captureOutput(async () => {
      response = await auth.fetch(new Request("http://localhost:3000/auth/providers"));
    });
    expect(response!.status).toBe(500);
    expect(await response!.text()).not.toMatch(/\n\s+at |adapter/);
    expect(lines.some((line) => line.includes("MissingAdapter"))).toBe(true);
  });
});

describe("start-up warnings", () => {
  it("debug-enabled when debug is on", () => {
    expect(warningsOf({ debug: true })).toContain("debug-enabled");
    expect(warningsOf({})).toEqual([]);
  });

  it("csrf-disabled when skipCSRFCheck is set", () => {
    expect(warningsOf({ skipCSRFCheck })).toContain("csrf-disabled");
  });

  it("env-url-basepath-redundant when basePath repeats AUTH_URL's path", () => {
    expect(warningsOf({ basePath: "/api/auth" }, { AUTH_URL: "https://app.example.com/api/auth" })).toContain("env-url-basepath-redundant");
  });

  it("env-url-basepath-mismatch when they differ; the basePath option wins", () => {
    const env = { AUTH_URL: "https://app.example.com/api/auth" };
    expect(warningsOf({ basePath: "/auth" }, env)).toContain("env-url-basepath-mismatch");
    expect(createAuth({ providers: [], secret, basePath: "/auth", logger: silent }, { env }).basePath).toBe("/auth");
  });

  it("experimental-webauthn when WebAuthn is enabled", () => {
    expect(warningsOf({ adapter: MemoryAdapter(), providers: [webauthn], experimental: { enableWebAuthn: true } })).toContain("experimental-webauthn");
  });

  it("the console messages name the option", async () => {
    const lines = await captureOutput(async () => {
      createAuth({ providers: [], secret, debug: true, skipCSRFCheck, basePath: "/x" }, { env: { AUTH_URL: "https://a.example/y" } });
    });
    const text = lines.join("\n");
    expect(text).toMatch(/debug-enabled.*`debug`/);
    expect(text).toMatch(/csrf-disabled.*skipCSRFCheck/);
    expect(text).toMatch(/env-url-basepath-mismatch.*basePath.*AUTH_URL/);
  });
});

describe("environment inference", () => {
  it("AUTH_URL gives the origin and, from its path, the basePath", async () => {
    const auth = createAuth({ providers: [credentialsProvider()], secret }, { env: { AUTH_URL: "https://app.example.com/custom/auth" } });
    expect(auth.basePath).toBe("/custom/auth");
    const response = await auth.fetch(new Request("http://10.0.0.5:8080/custom/auth/providers", { headers: { "x-forwarded-host": "evil.com" } }));
    expect(((await response.json()) as { credentials: { signinUrl: string } }).credentials.signinUrl).toBe(
      "https://app.example.com/custom/auth/signin/credentials",
    );
    const client = localClient(auth.fetch, "/custom/auth");
    await client.signIn();
    expect(client.jar.get("__Secure-authjs.session-token")).toBeDefined();
  });

  it("AUTH_URL without a path keeps the default basePath", () => {
    expect(createAuth({ providers: [], secret }, { env: { AUTH_URL: "https://app.example.com" } }).basePath).toBe("/auth");
    expect(createAuth({ providers: [], secret }, { env: { AUTH_URL: "https://app.example.com/" }, defaultBasePath: "/api/auth" }).basePath).toBe("/api/auth");
  });

  it("NEXTAUTH_URL is the legacy name of AUTH_URL", async () => {
    const auth = createAuth({ providers: [credentialsProvider()], secret }, { env: { NEXTAUTH_URL: "https://legacy.example.com/api/auth" } });
    expect(auth.basePath).toBe("/api/auth");
    const response = await auth.fetch(new Request("http://internal/api/auth/providers"));
    expect(((await response.json()) as { credentials: { callbackUrl: string } }).credentials.callbackUrl).toBe(
      "https://legacy.example.com/api/auth/callback/credentials",
    );
  });

  it('AUTH_TRUST_HOST="false" means false', async () => {
    const error = startUpError({}, { AUTH_TRUST_HOST: "false", NODE_ENV: "production", VERCEL: "1" });
    expect(error.type).toBe("UntrustedHost");
    expect(startUp({}, { AUTH_TRUST_HOST: "true", NODE_ENV: "production" })).not.toThrow();
    const auth = startUp({}, { AUTH_TRUST_HOST: "false", VERCEL: "1" })();
    const response = await auth.fetch(new Request("http://localhost:3000/auth/providers", { headers: { "x-forwarded-host": "evil.com" } }));
    expect(((await response.json()) as { credentials: { signinUrl: string } }).credentials.signinUrl).toBe("http://localhost:3000/auth/signin/credentials");
  });

  it("NEXTAUTH_SECRET is the legacy name of AUTH_SECRET", async () => {
    const minted = localClient(makeAuth().fetch);
    await minted.signIn();
    const auth = createAuth({ providers: [credentialsProvider()] }, { env: { NEXTAUTH_SECRET: secret } });
    const request = new Request("http://localhost:3000/", { headers: { cookie: minted.jar.header() } });
    expect((await auth.auth(request))?.user?.email).toBe(alice.email);
    const other = createAuth({ providers: [credentialsProvider()] }, { env: { NEXTAUTH_SECRET: "another-secret-0123456789abcdef0123456789" } });
    expect(await other.auth(request)).toBeNull();
  });

  it("AUTH_SECRET wins over NEXTAUTH_SECRET", async () => {
    const minted = localClient(makeAuth().fetch);
    await minted.signIn();
    const auth = createAuth({ providers: [] }, { env: { AUTH_SECRET: secret, NEXTAUTH_SECRET: "something-else-0123456789abcdef012345" } });
    expect(await auth.auth(new Request("http://localhost:3000/", { headers: { cookie: minted.jar.header() } }))).not.toBeNull();
  });

  it("AUTH_REDIRECT_PROXY_URL sets redirectProxyUrl unless the option does", async () => {
    const env = { AUTH_REDIRECT_PROXY_URL: "https://stable.example.com/auth" };
    expect((await createAuth({ providers: [], secret }, { env }).resolveConfig()).redirectProxyUrl).toBe("https://stable.example.com/auth");
    const explicit = createAuth({ providers: [], secret, redirectProxyUrl: "https://other.example.com/auth" }, { env });
    expect((await explicit.resolveConfig()).redirectProxyUrl).toBe("https://other.example.com/auth");
  });

  it("AUTH_{ID}_ID / _SECRET / _ISSUER fill a provider's clientId, clientSecret and issuer", async () => {
    const provider = { id: "my-idp", name: "My IdP", type: "oidc" } as ProviderConfig;
    const env = { AUTH_MY_IDP_ID: "client-123", AUTH_MY_IDP_SECRET: "shh", AUTH_MY_IDP_ISSUER: "https://idp.example.com" };
    const config = await createAuth({ providers: [provider], secret, adapter: MemoryAdapter() }, { env }).resolveConfig();
    expect(config.providers[0]).toMatchObject({ clientId: "client-123", clientSecret: "shh", issuer: "https://idp.example.com" });

    const explicit = { ...provider, clientId: "from-config", issuer: "https://idp.example.com" } as ProviderConfig;
    const overridden = await createAuth({ providers: [explicit], secret, adapter: MemoryAdapter() }, { env }).resolveConfig();
    expect(overridden.providers[0]).toMatchObject({ clientId: "from-config", clientSecret: "shh" });
  });
});
