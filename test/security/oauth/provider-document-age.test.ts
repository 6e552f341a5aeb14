/**
 * Discovery documents and JWKS are not trusted forever (issue 14, finding 8): they are fetched again once
 * older than 10 minutes, so a signing key the provider withdrew stops opening sessions; a token naming an
 * unknown key fetches the JWKS again at most once per 30 s, so such tokens cannot make us hammer the
 * provider. The clock is vitest's (only `Date` is faked), shared by the app, the fake IdP and oidc-provider.
 */
import { generateKeyPair, exportJWK } from "jose";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createAuth } from "../../helpers/plain-providers.js";
import { createClient, overHttp, type Client, type Transport } from "../../helpers/auth-client.js";
import { serveApp, signInAtFake } from "../../helpers/fake-oauth.js";
import { fakeOAuthForSuite } from "../../helpers/fake-oauth-suite.js";
import { idpClients, startIdp, type Idp } from "../../helpers/oidc-idp.js";
import { startServer, type RunningServer } from "../../helpers/server.js";
import { signInThroughIdp } from "../../integration/oauth/oidc-flow.js";

const secret = "document-age-suite-secret-0123456789abcdefgh";
const minutes = (n: number) => n * 60 * 1000;
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

type Key = { privateKey: CryptoKey; jwk: Record<string, unknown>; kid: string };

async function rsaKey(kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  return { privateKey, kid, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

describe("against a fake IdP whose published keys the test controls", () => {
  const { fake, servers } = fakeOAuthForSuite();
  const published: { keys: Key[]; fetches: number } = { keys: [], fetches: 0 };
  let jwksServer: RunningServer;
  let a: Key;
  let b: Key;

  beforeAll(async () => {
    [a, b] = await Promise.all([rsaKey("key-a"), rsaKey("key-b")]);
    jwksServer = await startServer(() => {
      published.fetches++;
      return Response.json({ keys: published.keys.map((key) => key.jwk) });
    });
  });
  afterAll(() => jwksServer.close());

  /** A fresh instance whose ID tokens the fake signs with `signWith()`, and a sign-in that reports where it ended. */
  async function app(signWith: () => Key) {
    published.keys = [a];
    published.fetches = 0;
    fake.requests.length = 0;
    fake.idToken = (grant) => {
      const key = signWith();
      return fake.signIdToken(grant, {}, { key: key.privateKey, kid: key.kid });
    };
    const provider = { id: "idp", name: "IdP", type: "oidc" as const, issuer: fake.origin, jwks_endpoint: `${jwksServer.url}/jwks`, clientId: fake.clientId, clientSecret: fake.clientSecret };
    const transport = await serveApp({ secret, trustHost: true, logger: { error: () => {} }, providers: [provider] }, fake, ["idp"]);
    servers.push(transport);
    return async () => {
      const client = createClient(transport);
      const { response } = await signInAtFake(client, fake, "idp");
      return response.headers.get("location")!.replace(transport.origin, "");
    };
  }

  it("stops trusting a withdrawn key once the cached JWKS is 10 minutes old", async () => {
    const signIn = await app(() => a);
    expect(await signIn()).toBe("/welcome");
    published.keys = [b];
    later(minutes(5));
    expect(await signIn()).toBe("/welcome");
    expect(published.fetches).toBe(1);
    later(minutes(6));
    expect(await signIn()).toBe("/auth/signin?error=OAuthCallbackError");
    expect(published.fetches).toBeGreaterThanOrEqual(2);
  });

  it("fetches the JWKS again for an unknown kid at most once per 30 seconds", async () => {
    let signer = a;
    const signIn = await app(() => signer);
    expect(await signIn()).toBe("/welcome");
    expect(published.fetches).toBe(1);

    const stranger = await rsaKey("unknown-kid");
    signer = stranger;
    for (let attempt = 0; attempt < 5; attempt++) expect(await signIn()).toBe("/auth/signin?error=OAuthCallbackError");
    expect(published.fetches).toBe(2);

    later(31 * 1000);
    expect(await signIn()).toBe("/auth/signin?error=OAuthCallbackError");
    expect(published.fetches).toBe(3);

    // A real rotation after the cooldown is picked up by the next sign-in.
    later(31 * 1000);
    published.keys = [a, b];
    signer = b;
    expect(await signIn()).toBe("/welcome");
    expect(published.fetches).toBe(4);
  });

  it("fetches the discovery document again once it is 10 minutes old, per instance", async () => {
    const signIn = await app(() => a);
    const discoveries = () => fake.count("/.well-known/openid-configuration");
    expect(await signIn()).toBe("/welcome");
    later(minutes(9));
    expect(await signIn()).toBe("/welcome");
    expect(discoveries()).toBe(1);
    later(minutes(2));
    expect(await signIn()).toBe("/welcome");
    expect(discoveries()).toBe(2);

    const other = await app(() => a);
    expect(await other()).toBe("/welcome");
    expect(discoveries()).toBe(1);
  });
});

describe("against a real OpenID provider", () => {
  let idp: Idp;
  let transport: Transport;

  beforeAll(async () => {
    idp = await startIdp([]);
    const provider = { id: "idp", name: "IdP", type: "oidc" as const, issuer: idp.issuer, clientId: idpClients.confidential.client_id, clientSecret: idpClients.confidential.client_secret };
    transport = await overHttp(createAuth({ secret, trustHost: true, logger: { error: () => {} }, providers: [provider] }, { env: {} }).fetch);
    await idp.setRedirectUris([`${transport.origin}/auth/callback/idp`]);
  });
  afterAll(async () => {
    await transport?.close();
    await idp?.close();
  });

  const signIn = async (client: Client = createClient(transport)) => (await signInThroughIdp(client, "idp", "alice")).response.headers.get("location");

  it("picks up rotated keys at once, and fetches the JWKS again after 10 minutes with the kid known", async () => {
    expect(await signIn()).toBe(`${transport.origin}/welcome`);
    const first = idp.jwksFetches();
    await idp.rotateKeys();
    expect(await signIn()).toBe(`${transport.origin}/welcome`);
    expect(idp.jwksFetches()).toBe(first + 1);
    later(minutes(11));
    expect(await signIn()).toBe(`${transport.origin}/welcome`);
    expect(idp.jwksFetches()).toBe(first + 2);
  });
});
