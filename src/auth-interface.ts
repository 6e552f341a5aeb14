/**
 * What `createAuth` is given beside the configuration (the framework entries' settings) and what it returns
 * (`Auth`): the core's interface with the framework entries and the app.
 */
import type { Context, ExecutionContext, Hono } from "hono";
import type { BlankSchema } from "hono/types";
import type { ResolvedConfig } from "./config/resolved-config.js";
import type { SignInMethods } from "./config/providers/provider-types.js";
import type { Env } from "./config/env-vars.js";
import type { OutCookie } from "./http/cookies.js";
import type { CallContext, CallResult, AuthorizationParams, SignInOptions } from "./in-process.js";
import type { Memo } from "./memo.js";
import type { RecentSignInOptions } from "./recent-sign-in/step-up.js";
import type { AccessTokenResult, ProviderAccessToken } from "./session/provider-tokens/provider-token-types.js";
import type { SessionResult, SignInProof } from "./session/strategy.js";
import type { JWT, Session } from "./shared-types.js";

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
