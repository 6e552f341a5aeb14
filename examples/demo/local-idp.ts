/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 that anyone can sign in to with any login name:
 * the demo's "Demo IdP", and the IdP of the test suites. Clients are rebuilt when the redirect URIs or the
 * signing key change, so callers can register a callback after both servers are up and rotate keys.
 * Its login and consent pages are the demo's own (./idp-pages.ts), and every setting oidc-provider would
 * otherwise announce as a development default is set, so it prints nothing while it runs.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import { consentPage, errorPage, loggedOutPage, loginPage, logoutPage } from "./idp-pages.js";
import { memoryAdapter } from "./idp-store.js";

export interface LocalIdpUser {
  sub: string;
  email: string;
  name: string;
  picture?: string;
}

export interface LocalIdpClient {
  client_id: string;
  client_secret?: string;
  token_endpoint_auth_method: string;
}

/** Client metadata that names the app's URLs, so it is set once the app is up (see `setClientMetadata`). */
export interface LocalIdpClientMetadata {
  /** Back-channel logout: where the IdP posts logout tokens when a user signs out at it. */
  backchannel_logout_uri?: string;
  /** With true, ID tokens and logout tokens for the client carry the IdP session's `sid`. */
  backchannel_logout_session_required?: boolean;
  /** Where RP-initiated logout may send the browser back to. */
  post_logout_redirect_uris?: string[];
}

export interface LocalIdpOptions {
  clients: LocalIdpClient[];
  users?: LocalIdpUser[];
  port?: number;
  quiet?: boolean;
  /** Refresh tokens for every client (the refresh_token grant), rotated at each use when `rotate` is true. */
  refreshTokens?: { rotate: boolean };
  /** Access-token lifetime in seconds. Default 3600. */
  accessTokenTtl?: number;
}

/** What the IdP's back-channel logout calls to clients gave: ok when the client answered 200 or 204. */
export interface BackchannelDelivery {
  clientId: string;
  ok: boolean;
}

export interface LocalIdp {
  issuer: string;
  setRedirectUris(uris: string[]): Promise<void>;
  /** Adds metadata to one client (logout URIs); kept across later rebuilds. */
  setClientMetadata(clientId: string, metadata: LocalIdpClientMetadata): Promise<void>;
  /** Every back-channel logout call the IdP made, oldest first. */
  backchannelDeliveries(): BackchannelDelivery[];
  /** Replaces the signing key: ID tokens after this carry a new `kid`. */
  rotateKeys(): Promise<void>;
  /** How many times the JWKS was fetched. */
  jwksFetches(): number;
  /** The grant_type of every token-endpoint request the IdP answered, granted or refused, oldest first. */
  tokenGrants(): string[];
  close(): Promise<void>;
}

type OidcProvider = InstanceType<typeof import("oidc-provider").default>;

let loaded: Promise<typeof import("oidc-provider").default> | undefined;

/**
 * oidc-provider, imported on first use. On import it warns that Node 20 is not a runtime it supports; the
 * test suites and the demo run on it on purpose, so `quiet` keeps that one line out of the terminal.
 */
function loadOidcProvider(quiet: boolean) {
  return (loaded ??= (async () => {
    const warn = console.warn;
    if (quiet) console.warn = (...args: unknown[]) => (/^oidc-provider WARNING: Unsupported runtime/.test(String(args[0])) ? undefined : warn(...args));
    try {
      return (await import("oidc-provider")).default;
    } finally {
      console.warn = warn;
    }
  })());
}

async function signingKey() {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: `key-${crypto.randomUUID()}`, alg: "RS256", use: "sig" };
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function send(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(body);
}

/** `GET|POST /interaction/:uid`: the login page, then the consent page, each answered by its form. */
async function interaction(provider: OidcProvider, req: IncomingMessage, res: ServerResponse, uid: string) {
  const details = await provider.interactionDetails(req, res);
  const client = String(details.params.client_id);
  const action = `/interaction/${encodeURIComponent(uid)}`;
  if (req.method !== "POST") {
    if (details.prompt.name === "login") return send(res, 200, loginPage(action, client));
    const scopes = String(details.params.scope ?? "").split(" ").filter(Boolean);
    return send(res, 200, consentPage(action, client, scopes));
  }
  const form = await formBody(req);
  if (form.get("prompt") === "login" && details.prompt.name === "login") {
    const login = form.get("login")?.trim();
    if (!login) return send(res, 200, loginPage(action, client));
    return provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
  }
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId: details.session?.accountId, clientId: client });
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

export async function startLocalIdp(options: LocalIdpOptions): Promise<LocalIdp> {
  const Provider = await loadOidcProvider(options.quiet ?? false);
  const users = options.users ?? [];
  const Adapter = memoryAdapter();
  let provider: OidcProvider | undefined;
  let redirectUris = ["http://localhost/unused"];
  const metadata = new Map<string, LocalIdpClientMetadata>();
  const deliveries: BackchannelDelivery[] = [];
  const grantTypes = options.refreshTokens ? ["authorization_code", "refresh_token"] : ["authorization_code"];
  let key = await signingKey();
  let fetches = 0;
  const grants: string[] = [];
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith("/jwks")) fetches++;
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    const uid = /^\/interaction\/([^/?#]+)$/.exec(req.url?.split("?")[0] ?? "")?.[1];
    if (uid) {
      interaction(provider, req, res, decodeURIComponent(uid)).catch(() => send(res, 400, errorPage("This sign-in has expired or is not valid. Go back to the app and start again.")));
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const build = () => {
    provider = new Provider(issuer, {
      adapter: Adapter,
      clients: options.clients.map((client) => ({ ...client, ...metadata.get(client.client_id), redirect_uris: redirectUris, response_types: ["code"], grant_types: grantTypes })),
      jwks: { keys: [key] },
      pkce: { required: () => false },
      conformIdTokenClaims: false,
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
      features: {
        devInteractions: { enabled: false },
        backchannelLogout: { enabled: true },
        // RFC 7009: a client revokes only its own tokens
        revocation: { enabled: true, allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) => token.clientId === client.clientId },
        rpInitiatedLogout: { logoutSource: (ctx: { body: string }, form: string) => void (ctx.body = logoutPage(form)), postLogoutSuccessSource: (ctx: { body: string }) => void (ctx.body = loggedOutPage()) },
      },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      renderError: (ctx: { type: string; body: string }, out: { error_description?: string; error?: string }) => {
        ctx.type = "html";
        ctx.body = errorPage(out.error_description ?? out.error ?? "The request could not be completed.");
      },
      ...(options.refreshTokens ? { issueRefreshToken: async () => true, rotateRefreshToken: options.refreshTokens.rotate } : {}),
      ttl: { AccessToken: options.accessTokenTtl ?? 3600, IdToken: 3600, Interaction: 600, Session: 86400, Grant: 86400, RefreshToken: 86400, ClientCredentials: 600 },
      cookies: { keys: ["local-idp-cookie-key-0123456789"] },
      // its SSRF guard refuses loopback addresses, where the apps it calls back (back-channel logout) run
      fetch: (url: string, { dispatcher: _guard, ...init }: RequestInit & { dispatcher?: unknown }) => fetch(url, init),
      findAccount: async (_ctx: unknown, sub: string) => {
        const user = users.find((u) => u.sub === sub) ?? { sub, email: `${sub}@example.com`, name: sub };
        return { accountId: sub, claims: async () => ({ ...user, email_verified: true }) };
      },
    });
    provider.on("server_error", () => {});
    const grantOf = (ctx: unknown) => void grants.push(String((ctx as { oidc?: { params?: { grant_type?: unknown } } }).oidc?.params?.grant_type));
    provider.on("grant.success", grantOf);
    provider.on("grant.error", grantOf);
    provider.on("backchannel.success", (_ctx, client) => deliveries.push({ clientId: (client as { clientId: string }).clientId, ok: true }));
    provider.on("backchannel.error", (_ctx, _error, client) => deliveries.push({ clientId: (client as { clientId: string }).clientId, ok: false }));
  };
  build();

  return {
    issuer,
    async setRedirectUris(uris) {
      redirectUris = uris;
      build();
    },
    async setClientMetadata(clientId, added) {
      metadata.set(clientId, { ...metadata.get(clientId), ...added });
      build();
    },
    backchannelDeliveries: () => [...deliveries],
    async rotateKeys() {
      key = await signingKey();
      build();
    },
    jwksFetches: () => fetches,
    tokenGrants: () => [...grants],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
