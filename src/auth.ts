import type { Context } from "hono";
import type { Auth, CreateAuthOptions } from "./auth-interface.js";
import { randomHex } from "./crypto.js";
import { processEnv } from "./config/env-vars.js";
import { createMemo } from "./memo.js";
import { resolveConfig } from "./config/resolve.js";
import type { AuthConfig, AuthConfigInput } from "./config/config-types.js";
import type { ResolvedConfig } from "./config/resolved-config.js";
import { oauthMethod } from "./oauth/index.js";
import { appFetch, buildApp } from "./app/app.js";
import { createContext, trustedOrigin, type AuthContext, type ContextOptions, type CookieCache } from "./http/context.js";
import { purgeClock } from "./flows/purge-in-passing.js";
import { unwrapFailure } from "./http/outcome.js";
import { InvalidEndpoints, MissingSecret } from "./configuration-errors.js";
import { createLogger, type WarningCode } from "./logger.js";
import { strategyOf, type SessionResult } from "./session/strategy.js";
import { stepUpCalls } from "./recent-sign-in/step-up-calls.js";
import { jwtStrategy } from "./session/jwt-strategy.js";
import { databaseStrategy } from "./session/database-strategy.js";
import { isOAuth } from "./config/providers/parse.js";
import type { AccessTokenResult } from "./session/provider-tokens/provider-token-types.js";
import { revokeSession, revokeSessions } from "./session/records/revoke.js";
import { revocationOf } from "./session/records/record.js";
import { createJwtCodec } from "./session/jwt-codec.js";
import { inProcessCalls } from "./in-process.js";
import { memoryRateLimitStore } from "./adapters/rate-limit/memory-rate-limits.js";
import { addressWithoutConnection, warnNoAddress } from "./rate-limit/client-ip.js";

const failLogger = createLogger();

/**
 * Builds sekisho for one configuration: the Hono app under basePath, and the server-side calls.
 * A static configuration is resolved and validated here, so mistakes surface at start-up.
 */
export function createAuth(input: AuthConfigInput, options: CreateAuthOptions = {}): Auth {
  const env = options.env ?? processEnv();
  // Made on first use: Workers forbid random values while a script loads.
  let developmentSecret: string | undefined;
  const resolveOptions = {
    env,
    defaultBasePath: options.defaultBasePath ?? "/auth",
    runtime: {
      codec: createJwtCodec(),
      memo: options.memo ?? createMemo(),
      discovery: new Map(),
      jwks: new Map(),
      rateLimitStore: memoryRateLimitStore(),
    },
    methods: { oauth: oauthMethod, ...options.methods },
    strategies: { jwt: jwtStrategy, database: databaseStrategy },
    developmentSecret: () => (developmentSecret ??= randomHex(32)),
    warned: new Set<WarningCode>(),
  };
  const minSecretLength = options.minSecretLength ?? 0;
  const build = (raw: AuthConfig): ResolvedConfig => {
    const config = resolveConfig(raw, resolveOptions);
    if (config.secrets.some((secret) => secret.length < minSecretLength)) {
      throw new MissingSecret(
        `The secret must be at least ${minSecretLength} characters long. Set AUTH_SECRET (or \`secret\`) to a random value, e.g. the output of \`openssl rand -base64 33\`.`,
      );
    }
    if (options.connectionHidden && !addressWithoutConnection(config)) warnNoAddress(config);
    return config;
  };
  const staticConfig = typeof input === "function" ? undefined : build(input);
  const lazyResolved = new WeakMap<AuthConfig, ResolvedConfig>();
  const lazy = typeof input === "function" ? input : undefined;
  async function resolve(request?: Request, c?: Context): Promise<ResolvedConfig> {
    if (staticConfig) return staticConfig;
    const raw = await (lazy as (request?: Request, c?: Context) => Promise<AuthConfig> | AuthConfig)(request, c);
    let resolved = lazyResolved.get(raw);
    if (!resolved) lazyResolved.set(raw, (resolved = build(raw)));
    // The routes are mounted once, at creation; a lazy configuration cannot move them.
    if (resolved.basePath !== basePath) {
      throw new InvalidEndpoints(
        `basePath "${resolved.basePath}" in the lazy configuration differs from "${basePath}", where the routes are mounted. Pass it at creation instead: createAuth(config, { defaultBasePath: "${resolved.basePath}" }).`,
      );
    }
    return resolved;
  }

  const envUrl = env.AUTH_URL ?? env.NEXTAUTH_URL;
  const envPath = envUrl && URL.canParse(envUrl) ? new URL(envUrl).pathname.replace(/\/+$/, "") : "";
  const basePath = staticConfig?.basePath ?? (envPath || resolveOptions.defaultBasePath);
  const cookieCache: CookieCache = new WeakMap();
  const purge = purgeClock();
  const app = buildApp({ basePath, config: staticConfig, resolve, cookieCache, purge, clientAddress: options.clientAddress });

  /**
   * The context of a server call (`request` is the one the app's server is answering), built as an HTTP
   * request's is, with what tells them apart: no CSRF token to check, and a caller that takes its cookies as values.
   */
  function serverContext(
    config: ResolvedConfig,
    request: Request,
    fields: Pick<ContextOptions, "body" | "query"> = {},
  ): Promise<AuthContext> {
    return createContext(config, request, {
      caller: "server",
      cookieCache,
      address: () => options.clientAddress?.(request),
      ...fields,
    });
  }

  /**
   * The session and any cookies to refresh. Fails closed: any error gives no session and a log line.
   * `c`, the Hono context of the request, reaches lazy configuration (Workers bindings on `c.env`).
   */
  async function session(request: Request, c?: Context): Promise<SessionResult> {
    let logger = failLogger;
    try {
      const config = await resolve(request, c);
      logger = config.logger;
      const ctx = await serverContext(config, request);
      const { session: found, cookies } = await strategyOf(config).read(ctx);
      return { session: found && typeof found === "object" ? found : null, cookies };
    } catch (thrown) {
      const { error } = unwrapFailure(thrown);
      try {
        logger.error(error instanceof Error ? error : new Error(String(error)));
      } catch {
        // A logger that throws must not turn a failed session check into an exception.
      }
      return { session: null, cookies: [] };
    }
  }

  /**
   * The signed-in user's access token at a provider, refreshed when due, with the cookies to set: under the jwt
   * strategy a refresh re-issues the session cookie, and a response that drops it leaves the rotated refresh
   * token behind. Fails closed like `session`: any error gives null and a log line.
   */
  async function accessToken(request: Request, providerId: string, c?: Context): Promise<AccessTokenResult> {
    let logger = failLogger;
    try {
      const config = await resolve(request, c);
      logger = config.logger;
      const ctx = await serverContext(config, request);
      const provider = config.providers.find((p) => p.id === providerId);
      if (!provider || !isOAuth(provider)) return { token: null, cookies: [] };
      return await strategyOf(config).accessToken(ctx, provider);
    } catch (thrown) {
      const { error } = unwrapFailure(thrown);
      logger.error(error instanceof Error ? error : new Error(String(error)));
      return { token: null, cookies: [] };
    }
  }

  /**
   * Where to send a visitor who must sign in first: the sign-in page, with this request's URL as callbackUrl.
   * Null when the request is for the sign-in page or an auth route, where a redirect would loop.
   */
  async function signInRedirect(request: Request, c?: Context): Promise<string | null> {
    const config = await resolve(request, c);
    const origin = trustedOrigin(config, request);
    const url = new URL(request.url);
    if (url.pathname === config.basePath || url.pathname.startsWith(`${config.basePath}/`)) return null;
    const page = new URL(config.pages.signIn ?? `${config.basePath}/signin`, origin);
    if (page.origin === origin && page.pathname === url.pathname) return null;
    page.searchParams.set("callbackUrl", `${origin}${url.pathname}${url.search}`);
    return page.href;
  }

  const calls = inProcessCalls({ basePath, resolve, context: serverContext, purge });
  const stepUp = stepUpCalls({ resolve, context: (config, request) => serverContext(config, request) });

  return {
    app,
    fetch: appFetch(app),
    basePath,
    auth: async (request) => (await session(request)).session,
    session,
    getAccessToken: async (request, providerId) => (await accessToken(request, providerId)).token,
    accessToken,
    signInRedirect,
    signIn: calls.signIn,
    signOut: calls.signOut,
    update: calls.update,
    revokeSessions: async (params) => revokeSessions(await resolve(), params),
    revokeSession: async (sessionId) => revokeSession(await resolve(), sessionId),
    isRevoked: async (token, request) => (await revocationOf(await resolve(request), token)) !== false,
    signInProof: stepUp.signInProof,
    requireRecentSignIn: stepUp.requireRecentSignIn,
    resolveConfig: (request, c) => resolve(request, c),
  };
}
