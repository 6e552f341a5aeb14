/**
 * A sekisho app in its own process, for the multi-instance, load and scale tests: @hono/node-server on
 * 127.0.0.1 (a free port, printed as `{"port": N}` on stdout), configured by the JSON in SEKISHO_APP.
 * Alice signs in with the credentials provider; under the database strategy she is looked up in the
 * store, where the parent put her. `GET /__heap` runs a full GC (node --expose-gc) and answers
 * `{heapUsed, loggedErrors}`. `POST /__revoke` with `{ sessionId }` or `{ userId }` calls auth.revokeSession
 * or auth.revokeSessions in this process. `GET /__access-token` answers auth.accessToken(request, "idp")
 * when `oidcIssuer` configures that provider (default `accessTokenSkew`). Started by `startAppProcess` (app-process.ts).
 */
import { serve } from "@hono/node-server";
import { type AuthConfig } from "../../src/index.js";
import { type Adapter } from "../../src/adapters/index.js";
import { type OAuthProviderConfig } from "../../src/providers/index.js";
import { createAuth } from "../helpers/plain-providers.js";
import type { RateLimitOptions } from "../../src/rate-limit/rate-limit-options.js";
import { alice, checkAlice, credentialsProvider, secret } from "../helpers/auth-client.js";
import { idpClients } from "../helpers/oidc-idp.js";

export type StoreOptions =
  | { kind: "postgres"; url: string }
  | { kind: "mysql"; url: string }
  | { kind: "sqlite"; url: string }
  | { kind: "redis"; url: string; prefix: string };

export interface AppOptions {
  strategy: "jwt" | "database";
  store?: StoreOptions;
  /** Providers configured in all: credentials, plus OAuth providers up to this count. Default 1. */
  providers?: number;
  /** session.updateAge in seconds. */
  updateAge?: number;
  /** Rate limits on, with these limits; the client address comes from the X-Test-Client-IP header. */
  rateLimit?: RateLimitOptions["limits"];
  /** session.revocationCheckInterval in seconds. */
  revocationCheckInterval?: number;
  /** An OIDC provider `idp` at this issuer (the test IdP's confidential client), for `GET /__access-token`. */
  oidcIssuer?: string;
}

interface Store {
  adapter: Adapter;
  close(): Promise<unknown>;
}

async function openStore(options: StoreOptions): Promise<Store> {
  if (options.kind === "sqlite") {
    const { SQLiteAdapter } = await import("../../src/adapters/sqlite.js");
    return { adapter: SQLiteAdapter(options.url), close: async () => {} };
  }
  if (options.kind === "mysql") {
    const mysql = await import("mysql2/promise");
    const { MySQLAdapter } = await import("../../src/adapters/mysql.js");
    const pool = mysql.createPool({ uri: options.url, connectionLimit: 10 });
    return { adapter: MySQLAdapter(pool), close: () => pool.end() };
  }
  if (options.kind === "postgres") {
    const { default: pg } = await import("pg");
    const { PostgresAdapter } = await import("../../src/adapters/postgres.js");
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    pool.on("error", (error) => console.error(`pool: ${error.message}`));
    return { adapter: PostgresAdapter(pool), close: () => pool.end() };
  }
  const { Redis } = await import("ioredis");
  const { RedisAdapter } = await import("../../src/adapters/redis.js");
  const client = new Redis(options.url);
  return { adapter: RedisAdapter(client, { prefix: options.prefix }), close: () => client.quit() };
}

function oidcProvider(issuer: string): OAuthProviderConfig {
  const client = idpClients.confidential;
  return {
    id: "idp",
    name: "idp",
    type: "oidc",
    issuer,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    client: { token_endpoint_auth_method: client.token_endpoint_auth_method },
    checks: ["pkce", "state", "nonce"],
    storeTokensInSession: true,
  };
}

/** OAuth providers that are only configured, never used: their endpoints are never fetched. */
function unusedOAuthProviders(count: number): OAuthProviderConfig[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `oauth-${i + 1}`,
    name: `OAuth ${i + 1}`,
    type: "oauth" as const,
    authorization: `https://idp-${i + 1}.example/authorize`,
    token: `https://idp-${i + 1}.example/token`,
    userinfo: `https://idp-${i + 1}.example/userinfo`,
    clientId: `client-${i + 1}`,
    clientSecret: `secret-${i + 1}`,
  }));
}

const options = JSON.parse(process.env.SEKISHO_APP ?? '{"strategy":"jwt"}') as AppOptions;
const store = options.store ? await openStore(options.store) : undefined;
const adapter = store?.adapter;
let loggedErrors = 0;

const authorize = async (credentials: Partial<Record<string, unknown>>) => {
  const user = checkAlice(credentials);
  if (!user || !adapter) return user;
  const stored = await adapter.getUserByEmail!(alice.email);
  return stored && { id: stored.id, name: stored.name, email: stored.email, image: stored.image };
};

const config: AuthConfig = {
  secret,
  trustHost: true,
  adapter,
  session: {
    strategy: options.strategy,
    ...(options.updateAge !== undefined ? { updateAge: options.updateAge } : {}),
    ...(options.revocationCheckInterval !== undefined ? { revocationCheckInterval: options.revocationCheckInterval } : {}),
  },
  providers: [
    credentialsProvider(authorize),
    ...unusedOAuthProviders((options.providers ?? 1) - 1),
    ...(options.oidcIssuer ? [oidcProvider(options.oidcIssuer)] : []),
  ],
  rateLimit: options.rateLimit && { enabled: true, limits: options.rateLimit, clientIp: (request) => request.headers.get("x-test-client-ip") },
  logger: {
    error: (error) => {
      loggedErrors++;
      console.error(`${error.name}: ${error.message}`);
    },
    warn: () => {},
    debug: () => {},
  },
};
const auth = createAuth(config, { env: {} });
const gc = (globalThis as { gc?: () => void }).gc;

function heap(): Response {
  if (!gc) return Response.json({ error: "start node with --expose-gc" }, { status: 500 });
  gc();
  gc();
  return Response.json({ heapUsed: process.memoryUsage().heapUsed, loggedErrors });
}

async function revoke(request: Request): Promise<Response> {
  const { sessionId, userId } = (await request.json()) as { sessionId?: string; userId?: string };
  return Response.json({ revoked: userId ? await auth.revokeSessions({ userId }) : await auth.revokeSession(String(sessionId)) });
}

/** The access token at `idp` for the request's session, with the cookies a refresh sets. */
async function accessToken(request: Request): Promise<Response> {
  const { token, cookies } = await auth.accessToken(request, "idp");
  return Response.json({ token, cookies: cookies.map(({ name }) => name) });
}

const testRoutes: Record<string, (request: Request) => Response | Promise<Response>> = { "/__heap": heap, "/__revoke": revoke, "/__access-token": accessToken };

const server = serve(
  { fetch: (request) => (testRoutes[new URL(request.url).pathname] ?? auth.fetch)(request), hostname: "127.0.0.1", port: 0 },
  (info) => process.stdout.write(`${JSON.stringify({ port: info.port })}\n`),
);

process.once("SIGTERM", () => {
  server.close();
  if ("closeAllConnections" in server) server.closeAllConnections();
  void Promise.resolve(store?.close()).finally(() => process.exit(0));
});
