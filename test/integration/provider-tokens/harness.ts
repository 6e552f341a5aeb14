/** Apps signed in through the real oidc-provider (refresh-token rotation, 5-second access tokens), for the provider-token tests. */
import { expect } from "vitest";
import { type OAuthProviderConfig } from "../../../src/providers/index.js";
import type { WarningCode } from "../../../src/logger.js";
import { createAuth } from "../../helpers/plain-providers.js";
import type { Adapter } from "../../../src/adapters/adapter-contract.js";
import { createClient, overHttp, type Client, type Transport } from "../../helpers/auth-client.js";
import { idpClients, loginAtIdp, revokeRefreshToken, startIdp, type Idp } from "../../helpers/oidc-idp.js";
import { returnToApp, startSignIn } from "../oauth/oidc-flow.js";

export const secret = "provider-tokens-secret-0123456789abcdefghij";
export const client = idpClients.confidential;
export const sessionCookie = "authjs.session-token";
export const accountsCookie = "sekisho.provider-accounts";

export interface App<A extends Adapter = Adapter> {
  transport: Transport;
  adapter: A;
  auth: ReturnType<typeof createAuth>;
  /** The warnings the app has logged, in order. */
  warnings: WarningCode[];
}

export function startTokenIdp(): Promise<Idp> {
  const users = [
    { sub: "alice", email: "alice@example.com", name: "Alice Liddell" },
    { sub: "bob", email: "bob@example.com", name: "Bob Cratchit" },
  ];
  return startIdp(users, { refreshTokens: { rotate: true }, accessTokenTtl: 5 });
}

/**
 * Until the access token the IdP issued now is due: at the default skew (60 s) it is refreshed when half its
 * 5-second lifetime is left, so 2.5 s, and a margin.
 */
export const untilDue = () => new Promise((resolve) => setTimeout(resolve, 2_500 + 500));

/** The refresh grants the IdP has answered so far. */
export const refreshes = (idp: Idp) => idp.tokenGrants().filter((grant) => grant === "refresh_token").length;

/**
 * An app over HTTP with one OIDC provider `idp` (default `accessTokenSkew`, unless `options.provider` changes
 * it) that keeps its tokens in the session under the jwt strategy.
 */
export async function startApp<A extends Adapter>(
  idp: Idp,
  adapter: A,
  strategy: "jwt" | "database",
  options: { provider?: Partial<OAuthProviderConfig>; updateAge?: number } = {},
): Promise<App<A>> {
  let auth: ReturnType<typeof createAuth> | undefined;
  const warnings: WarningCode[] = [];
  const transport = await overHttp((request) => auth!.fetch(request));
  const provider: OAuthProviderConfig = {
    id: "idp",
    name: "idp",
    type: "oidc",
    issuer: idp.issuer,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    client: { token_endpoint_auth_method: client.token_endpoint_auth_method },
    checks: ["pkce", "state", "nonce"],
    storeTokensInSession: true,
    ...options.provider,
  };
  auth = createAuth(
    { secret, trustHost: true, adapter, session: { strategy, updateAge: options.updateAge }, providers: [provider], logger: { error: () => {}, debug: () => {}, warn: (code) => warnings.push(code) } },
    { env: {} },
  );
  return { transport, adapter, auth, warnings };
}

export async function signIn(app: App, login = "alice"): Promise<Client> {
  const browser = createClient(app.transport);
  await returnToApp(browser, await loginAtIdp(await startSignIn(browser, "idp"), login));
  expect(await browser.session()).toMatchObject({ user: { email: `${login}@example.com` } });
  return browser;
}

/** Revokes a refresh token at the IdP (RFC 7009), as a user or an administrator there would. */
export async function revokeAtIdp(idp: Idp, refreshToken: string): Promise<void> {
  expect((await revokeRefreshToken(idp, refreshToken)).status).toBe(200);
}

/** `auth.accessToken` with `cookie` as the request's Cookie header. */
export function accessTokenFor(app: App, cookie: string) {
  return app.auth.accessToken(new Request(`${app.transport.origin}/api/data`, { headers: { cookie } }), "idp");
}
