/**
 * Federated logout against the real oidc-provider, on both session strategies: RP-initiated logout (the app's
 * sign-out sends the browser to the IdP's end-session endpoint) and back-channel logout (the IdP's server
 * posts a logout token to the app, which ends the session).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customFetch } from "../../../src/index.js";
import { type OAuthProviderConfig } from "../../../src/providers/index.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { decode } from "../../../src/jwt.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { createClient, overHttp, type Client, type Transport } from "../../helpers/auth-client.js";
import { createCookieJar, type CookieJar } from "../../helpers/cookie-jar.js";
import { idpClients, loginAtIdp, logoutAtIdp, startIdp, type Idp } from "../../helpers/oidc-idp.js";
import { returnToApp, startSignIn } from "../oauth/oidc-flow.js";

const secret = "federated-logout-secret-0123456789abcdefghij";
const strategies = ["jwt", "database"] as const;
type Strategy = (typeof strategies)[number];

interface App {
  transport: Transport;
  adapter: ReturnType<typeof MemoryAdapter>;
  auth: ReturnType<typeof createAuth>;
  clientId: string;
  warnings: string[];
}

let idp: Idp;
const apps = {} as Record<Strategy, App>;

function payloadOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString("utf8"));
}

/**
 * The discovery document without end_session_endpoint, as from a provider that does not offer RP-initiated
 * logout. Discovery is cached per URL, so this provider's well-known URL differs by its query.
 */
const withoutEndSession: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (!String(input instanceof Request ? input.url : input).includes("/.well-known/openid-configuration")) return response;
  const { end_session_endpoint: _dropped, ...document } = await response.json();
  return Response.json(document);
};

async function startApp(strategy: Strategy): Promise<App> {
  const client = strategy === "jwt" ? idpClients.confidential : idpClients.post;
  const adapter = MemoryAdapter();
  const warnings: string[] = [];
  let auth: ReturnType<typeof createAuth> | undefined;
  // the app that answers is looked up per request, so a test can swap in another configuration
  const transport = await overHttp((request) => (apps[strategy]?.auth ?? auth!).fetch(request));
  const provider = (id: string, extra: Partial<OAuthProviderConfig>): OAuthProviderConfig => ({
    id,
    name: id,
    type: "oidc",
    issuer: idp.issuer,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    client: { token_endpoint_auth_method: client.token_endpoint_auth_method },
    checks: ["pkce", "state", "nonce"],
    ...extra,
  });
  auth = createAuth(
    {
      secret,
      trustHost: true,
      adapter,
      session: { strategy },
      providers: [provider("idp", { endSession: true }), provider("plain", {}), provider("stripped", { endSession: true, wellKnown: `${idp.issuer}/.well-known/openid-configuration?as=stripped`, [customFetch]: withoutEndSession })],
      logger: { error: () => {}, debug: () => {}, warn: (code) => void warnings.push(code) },
    },
    { env: {} },
  );
  await idp.setClientMetadata(client.client_id, {
    backchannel_logout_uri: `${transport.origin}/auth/backchannel-logout/idp`,
    backchannel_logout_session_required: true,
    post_logout_redirect_uris: [`${transport.origin}/bye`],
  });
  return { transport, adapter, auth, clientId: client.client_id, warnings };
}

beforeAll(async () => {
  idp = await startIdp([{ sub: "alice", email: "alice@example.com", name: "Alice Liddell" }]);
  for (const strategy of strategies) apps[strategy] = await startApp(strategy);
  await idp.setRedirectUris(strategies.flatMap((s) => ["idp", "plain", "stripped"].map((id) => `${apps[s].transport.origin}/auth/callback/${id}`)));
});

afterAll(async () => {
  for (const strategy of strategies) await apps[strategy]?.transport.close();
  await idp?.close();
});

/** One user per provider: an email address already linked through one provider is not linked through another. */
const subs: Record<string, string> = { idp: "alice", plain: "bob", stripped: "carol" };

/** Signs the provider's user in to the app through `providerId`, with `idpJar` as the browser's cookies at the IdP. */
async function signIn(app: App, idpJar: CookieJar, providerId = "idp"): Promise<Client> {
  const client = createClient(app.transport);
  const sub = subs[providerId];
  const returned = await loginAtIdp(await startSignIn(client, providerId), sub, idpJar);
  const response = await returnToApp(client, returned);
  expect(await client.session()).toMatchObject({ user: { email: `${sub}@example.com` } });
  return client;
}

/** Whether the IdP still knows the browser: an authorization request then needs no login page. */
async function signedInAtIdp(idpJar: CookieJar, clientId: string, origin: string): Promise<boolean> {
  const url = new URL(`${idp.issuer}/auth`);
  url.search = new URLSearchParams({ client_id: clientId, response_type: "code", scope: "openid", redirect_uri: `${origin}/auth/callback/plain`, prompt: "none" }).toString();
  const response = await fetch(url, { redirect: "manual", headers: { cookie: idpJar.header() } });
  return !new URL(response.headers.get("location")!, idp.issuer).searchParams.has("error");
}

for (const strategy of strategies) {
  describe(`federated logout, ${strategy} strategy`, () => {
    it("signing out sends the browser to the IdP's end_session_endpoint with id_token_hint, post_logout_redirect_uri and client_id; confirming there signs out of both", async () => {
      const app = apps[strategy];
      const idpJar = createCookieJar();
      const client = await signIn(app, idpJar);
      const response = await client.signOut({ callbackUrl: "/bye" });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("location")!);
      expect(location.origin + location.pathname).toBe(`${idp.issuer}/session/end`);
      expect(location.searchParams.get("post_logout_redirect_uri")).toBe(`${app.transport.origin}/bye`);
      expect(location.searchParams.get("client_id")).toBe(app.clientId);
      const hint = payloadOf(location.searchParams.get("id_token_hint")!);
      expect(hint).toMatchObject({ iss: idp.issuer, aud: app.clientId, sub: "alice" });
      expect(typeof hint.sid).toBe("string");
      expect(await client.session()).toBeNull();

      expect(await signedInAtIdp(idpJar, app.clientId, app.transport.origin)).toBe(true);
      expect(await logoutAtIdp(location.href, idpJar)).toBe(`${app.transport.origin}/bye`);
      expect(await signedInAtIdp(idpJar, app.clientId, app.transport.origin)).toBe(false);
    });

    it("a JSON client and the in-process signOut() get the end-session URL as their url", async () => {
      const app = apps[strategy];
      const viaJson = await signIn(app, createCookieJar());
      const answer = await viaJson.signOut({ callbackUrl: "/bye" }, { "X-Auth-Return-Redirect": "1" });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { url: string }).url).toMatch(new RegExp(`^${idp.issuer}/session/end\\?id_token_hint=`));

      const viaServer = await signIn(app, createCookieJar());
      const page = new Request(`${app.transport.origin}/account`, { headers: { cookie: viaServer.jar.header() } });
      const result = await app.auth.signOut({ redirectTo: "/bye" }, { request: page });
      const url = new URL(result.url);
      expect(url.origin + url.pathname).toBe(`${idp.issuer}/session/end`);
      expect(url.searchParams.get("post_logout_redirect_uri")).toBe(`${app.transport.origin}/bye`);
      expect(result.cookies.some((cookie) => cookie.name === "authjs.session-token" && cookie.value === "")).toBe(true);
    });

    it("a provider without endSession signs out locally", async () => {
      const client = await signIn(apps[strategy], createCookieJar(), "plain");
      const response = await client.signOut({ callbackUrl: "/bye" });
      expect(response.headers.get("location")).toBe(`${apps[strategy].transport.origin}/bye`);
    });

    it("when discovery has no end_session_endpoint, sign-out is local and logs end-session-unsupported once", async () => {
      const app = apps[strategy];
      const client = await signIn(app, createCookieJar(), "stripped");
      const response = await client.signOut({ callbackUrl: "/bye" });
      expect(response.headers.get("location")).toBe(`${app.transport.origin}/bye`);
      expect(await client.session()).toBeNull();
      expect(app.warnings.filter((code) => code === "end-session-unsupported")).toEqual(["end-session-unsupported"]);
      const again = await signIn(app, createCookieJar(), "stripped");
      expect((await again.signOut({ callbackUrl: "/bye" })).headers.get("location")).toBe(`${app.transport.origin}/bye`);
      expect(app.warnings.filter((code) => code === "end-session-unsupported")).toHaveLength(1);
    });

    it("the IdP's back-channel logout ends the app session when the user signs out at the IdP", async () => {
      const app = apps[strategy];
      const idpJar = createCookieJar();
      const client = await signIn(app, idpJar);
      const other = await signIn(app, createCookieJar());
      const before = idp.backchannelDeliveries().length;
      await logoutAtIdp(`${idp.issuer}/session/end`, idpJar);
      expect(idp.backchannelDeliveries().slice(before)).toEqual([{ clientId: app.clientId, ok: true }]);
      expect(await client.session()).toBeNull();
      // another IdP session of the same user (its own sid) is not ended
      expect(await other.session()).toMatchObject({ user: { email: "alice@example.com" } });
    });
  });
}

describe("where the ID token for the hint is kept", () => {
  it("jwt: in the session's endSession claim, only for endSession providers", async () => {
    const app = apps.jwt;
    const read = async (client: Client) =>
      decode({ token: client.jar.get("authjs.session-token")!, secret, salt: "authjs.session-token" });
    const withHint = await read(await signIn(app, createCookieJar()));
    expect(withHint?.endSession).toMatchObject({ provider: "idp", idToken: expect.stringMatching(/^eyJ/) });
    const without = await read(await signIn(app, createCookieJar(), "plain"));
    expect(without).not.toHaveProperty("endSession");
  });

  it("jwt: a jwt callback that rebuilds the token keeps the hint, so sign-out still reaches the IdP", async () => {
    const rebuilt = createAuth(
      {
        secret,
        trustHost: true,
        adapter: MemoryAdapter(),
        session: { strategy: "jwt", updateAge: 0 },
        providers: [{ id: "idp", name: "idp", type: "oidc", issuer: idp.issuer, clientId: idpClients.confidential.client_id, clientSecret: idpClients.confidential.client_secret, endSession: true }],
        callbacks: { jwt: ({ token }) => ({ sub: token.sub, email: token.email, name: token.name }) },
      },
      { env: {} },
    );
    const app = { ...apps.jwt, auth: rebuilt };
    const original = apps.jwt.auth;
    apps.jwt.auth = rebuilt;
    try {
      const client = await signIn(app, createCookieJar());
      await client.session();
      const location = (await client.signOut({ callbackUrl: "/bye" })).headers.get("location")!;
      expect(location.startsWith(`${idp.issuer}/session/end?id_token_hint=`)).toBe(true);
    } finally {
      apps.jwt.auth = original;
    }
  });

  it("database: the account row holds the ID token of the latest sign-in", async () => {
    const app = apps.database;
    const idpJar = createCookieJar();
    await signIn(app, idpJar);
    const first = (await app.adapter.getAccount!("alice", "idp"))!.id_token;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const client = await signIn(app, idpJar);
    const latest = (await app.adapter.getAccount!("alice", "idp"))!.id_token;
    expect(latest).not.toBe(first);
    const location = new URL((await client.signOut({ callbackUrl: "/bye" })).headers.get("location")!);
    expect(location.searchParams.get("id_token_hint")).toBe(latest);
  });
});

describe("endSession is validated at start-up", () => {
  it("names the option when the provider is not OpenID Connect", () => {
    const oauth: OAuthProviderConfig = { id: "gh", name: "gh", type: "oauth", endSession: true, authorization: "https://gh.test/a", token: "https://gh.test/t", userinfo: "https://gh.test/u" };
    expect(() => createAuth({ secret, providers: [oauth] }, { env: {} })).toThrow(/providers\[id="gh"\]\.endSession needs an OpenID Connect provider/);
  });
});
