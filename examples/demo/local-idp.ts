/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 that anyone can sign in to with any login name:
 * the demo's "Demo IdP", and the IdP of the test suites. Clients are rebuilt when the redirect URIs or the
 * signing key change, so callers can register a callback after both servers are up and rotate keys.
 */
import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

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

export interface LocalIdp {
  issuer: string;
  setRedirectUris(uris: string[]): Promise<void>;
  /** Replaces the signing key: ID tokens after this carry a new `kid`. */
  rotateKeys(): Promise<void>;
  /** How many times the JWKS was fetched. */
  jwksFetches(): number;
  close(): Promise<void>;
}

async function signingKey() {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: `key-${crypto.randomUUID()}`, alg: "RS256", use: "sig" };
}

export async function startLocalIdp(options: { clients: LocalIdpClient[]; users?: LocalIdpUser[]; port?: number; quiet?: boolean }): Promise<LocalIdp> {
  const users = options.users ?? [];
  let provider: InstanceType<typeof Provider> | undefined;
  let redirectUris = ["http://localhost/unused"];
  let key = await signingKey();
  let fetches = 0;
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith("/jwks")) fetches++;
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const build = () => {
    const warn = console.warn;
    // oidc-provider announces its development-only defaults on every construction.
    if (options.quiet) console.warn = () => {};
    try {
      provider = new Provider(issuer, {
        clients: options.clients.map((client) => ({ ...client, redirect_uris: redirectUris, response_types: ["code"], grant_types: ["authorization_code"] })),
        jwks: { keys: [key] },
        pkce: { required: () => false },
        conformIdTokenClaims: false,
        claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
        features: { devInteractions: { enabled: true } },
        cookies: { keys: ["local-idp-cookie-key-0123456789"] },
        findAccount: async (_ctx: unknown, sub: string) => {
          const user = users.find((u) => u.sub === sub) ?? { sub, email: `${sub}@example.com`, name: sub };
          return { accountId: sub, claims: async () => ({ ...user, email_verified: true }) };
        },
      });
    } finally {
      console.warn = warn;
    }
    provider.on("server_error", () => {});
  };
  build();

  return {
    issuer,
    async setRedirectUris(uris) {
      redirectUris = uris;
      build();
    },
    async rotateKeys() {
      key = await signingKey();
      build();
    },
    jwksFetches: () => fetches,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
