import type { Context, ExecutionContext, Hono } from "hono";
import type { BlankSchema } from "hono/types";
import { randomHex } from "./crypto.js";
import { processEnv, type Env } from "./config/env-vars.js";
import { createMemo, type Memo } from "./memo.js";
import { resolveConfig } from "./config/resolve.js";
import type { AuthConfig, AuthConfigInput, ResolvedConfig } from "./config/config-types.js";
import { oauthMethod } from "./flows/oauth/index.js";
import { buildApp } from "./app/app.js";
import { createContext, type AuthContext, type ContextOptions, type CookieCache } from "./http/context.js";
import { purgeClock } from "./flows/purge-in-passing.js";
import { unwrapFailure } from "./http/outcome.js";
import { trustedOrigin } from "./http/origin.js";
import { InvalidEndpoints, MissingSecret } from "./errors.js";
import { createLogger, type WarningCode } from "./logger.js";
import { strategyOf, type SessionResult, type SignInProof } from "./session/strategy.js";
import { stepUpCalls } from "./recent-sign-in/step-up-calls.js";
import type { RecentSignInOptions } from "./recent-sign-in/step-up.js";
import { jwtStrategy } from "./session/jwt-strategy.js";
import { databaseStrategy } from "./session/database-strategy.js";
import { twoFactorGate } from "./two-factor/second-factor-gate.js";
import { isOAuth } from "./config/providers/parse.js";
import type { AccessTokenResult, ProviderAccessToken } from "./session/provider-tokens/provider-token-types.js";
import { revokeSession, revokeSessions } from "./session/revocation/revoke.js";
import { revocationOf } from "./session/records/instance.js";
import { createJwtCodec } from "./session/jwt-codec.js";
import type { SignInMethods } from "./config/providers/provider-types.js";
import type { JWT, Session } from "./shared-types.js";
import { inProcessCalls, type AuthorizationParams, type CallContext, type CallResult, type SignInOptions } from "./in-process.js";
import type { OutCookie } from "./http/context.js";
import { memoryRateLimitStore } from "./adapters/rate-limit/memory-rate-limits.js";
import { addressWithoutConnection, warnNoAddress } from "./rate-limit/client-ip.js";

export interface CreateAuthOptions {
  /** basePath when the configuration does not set one: `/api/auth` for Next.js, `/auth` elsewhere. */
  defaultBasePath?: string;
  /** The environment to infer settings from; defaults to `process.env` where it exists. */
  env?: Env;
  /** The shortest secret accepted, checked whenever a configuration is resolved: SvelteKit asks for 32. */
  minSecretLength?: number;
  /** The client's address as the framework knows it (SvelteKit's `getClientAddress`), for rate limits. */
  clientAddress?: (request: Request) => string | undefined;
  /**
   * True when the framework shows sekisho no connection (Next.js route handlers and actions): per-address rate
   * limits then need `rateLimit.clientIp`, trusted forwarded headers or Workers, and start-up warns
   * `rate-limit-no-address` when none is there.
   * @default false
   */
  connectionHidden?: boolean;
  /**
   * Where the instance keeps in-flight provider-token refreshes and, without an adapter, its session records
   * and revocations. Instances given the same memo share them: Next.js evaluates the configuration once per
   * route bundle, so one server process holds several instances of one app.
   */
  memo?: Memo;
  /**
   * Sign-in methods for providers written as plain objects, by type. OAuth's is always there; a provider
   * module brings its own. `signInMethods` from "sekisho/providers" accepts plain objects of every type, as
   * the Next.js and SvelteKit entries do, at the price of carrying every method.
   */
  methods?: SignInMethods;
}

export type { SessionResult };

/**
 * sekisho for one configuration, as `createAuth` returns it: the routes as a Hono app, and the calls a
 * server makes in-process (read the session, sign in and out, revoke sessions). The framework entries
 * (`sekisho/next`, `sekisho/sveltekit`, `sekisho/hono`) wrap it in their own shapes.
 *
 * @example
 * ```ts
 * const auth: Auth = createAuth({ providers: [GitHub] });
 * app.route("/", auth.app);
 * const session = await auth.auth(request);
 * ```
 */
export interface Auth {
  /** The routes (sign-in, callback, session, sign-out, pages…) under `basePath`: mount with `app.route("/", auth.app)`. */
  // biome-ignore lint/suspicious/noExplicitAny: the routes' context variables are the core's own; an app's Hono types mount it as any sub-app.
  app: Hono<any, BlankSchema, string>;
  /**
   * Answers a request to the routes; `env` is what the server hands Hono (Node's connection, Workers' bindings),
   * `executionCtx` a Worker's, whose `waitUntil` carries the mails an answer does not wait for.
   */
  fetch(request: Request, env?: unknown, executionCtx?: ExecutionContext): Promise<Response>;
  /** Where the routes are mounted, such as `/auth`. */
  basePath: string;
  /** The session for a request, or null. Never throws: a failure gives null and a log line. */
  auth(request: Request): Promise<Session | null>;
  /**
   * The session for a request and the cookies to send with the response (the session cookie refreshed
   * or cleared). Never throws. `c`, the request's Hono context, reaches a lazy configuration.
   */
  session(request: Request, c?: Context): Promise<SessionResult>;
  /** The signed-in user's access token at a provider, refreshed when due; see `accessToken` for the cookies. */
  getAccessToken(request: Request, providerId: string): Promise<ProviderAccessToken | null>;
  /**
   * The signed-in user's access token at a provider, refreshed when due, with the cookies to set: under
   * the jwt strategy a refresh re-issues the session cookie. Never throws: a failure gives null.
   */
  accessToken(request: Request, providerId: string, c?: Context): Promise<AccessTokenResult>;
  /**
   * Where to send a visitor who must sign in first: the sign-in page, with the request's URL as
   * `callbackUrl`. Null for the sign-in page itself and the auth routes, where a redirect would loop.
   */
  signInRedirect(request: Request, c?: Context): Promise<string | null>;
  /**
   * Signs in from the server (a server action): with a provider id, starts its flow (or checks the
   * credentials); without one, gives the sign-in page's URL. Failures are thrown as `AuthError`s.
   */
  signIn(
    provider?: string,
    options?: SignInOptions | FormData,
    authorizationParams?: AuthorizationParams,
    context?: CallContext,
  ): Promise<CallResult>;
  /** Signs the caller out from the server: ends the session and gives the cookies that clear it. */
  signOut(options?: { redirect?: boolean; redirectTo?: string }, context?: CallContext): Promise<CallResult>;
  /** Updates the caller's session with `data` (the `update` trigger of the `jwt` and `session` callbacks). */
  update(data: unknown, context?: CallContext): Promise<{ session: Session | null; cookies: OutCookie[] }>;
  /**
   * Signs a user out everywhere; resolves to how many sessions were ended. Under the jwt strategy their
   * tokens are refused by every instance within `session.revocationCheckInterval` seconds (by this one
   * at once); without an adapter, only by this instance.
   */
  revokeSessions(params: { userId: string }): Promise<number>;
  /** Ends one session by its public id (the session list's `id`); true when a session was known and ended. */
  revokeSession(sessionId: string): Promise<boolean>;
  /**
   * Whether this instance refuses a decoded session token as revoked, by the same cached view as
   * `auth()`; true also while the revocations cannot be read (logged). `getToken({ req, auth })` asks it.
   */
  isRevoked(token: JWT, request?: Request): Promise<boolean>;
  /**
   * When and how the request's user last proved who they are (`provedAt` in seconds, `methods`), or null. Read
   * apart from `auth()`, whose session stays the reference's shape: under the jwt strategy one decrypt of the
   * cookie, under the database strategy the session's record. Never throws: a failure gives null and a log line.
   */
  signInProof(request: Request, c?: Context): Promise<SignInProof | null>;
  /**
   * The first check of a sensitive route of the app: null when the request's user proved who they are within
   * `account.recentSignIn` seconds (or `options.maxAge`); else the answer to send, a redirect to sign in again
   * (coming back to `options.returnTo`) for a browser, 403 `{ "error": "RecentSignInRequired" }` for a script.
   * Fails closed.
   *
   * @example
   * ```ts
   * const refused = await auth.requireRecentSignIn(request);
   * if (refused) return refused;
   * ```
   */
  requireRecentSignIn(request: Request, options?: RecentSignInOptions, c?: Context): Promise<Response | null>;
  /** The configuration as resolved for a request, for the framework entries. Not for apps: its shape may change. */
  resolveConfig(request?: Request, c?: Context): Promise<ResolvedConfig>;
}

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
    signInGate: twoFactorGate,
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
  const app = buildApp({ basePath, resolve, cookieCache, purge, clientAddress: options.clientAddress });
  /** `env` is what the server hands Hono: @hono/node-server's connection, Workers' bindings. */
  const fetch = async (request: Request, env?: unknown, executionCtx?: ExecutionContext): Promise<Response> =>
    app.fetch(request, env, executionCtx);

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
    fetch,
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

export type { CallContext };
