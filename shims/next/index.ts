/**
 * `sekisho/next`: sekisho for Next.js (App Router and pages router). `NextAuth(config)` gives the route
 * handlers, `auth` in every call shape, and the server-action helpers.
 */
import type { NextRequest } from "next/server";
import {
  createAuth,
  createMemo,
  type AuthConfig,
  type AuthorizationParams,
  type Awaitable,
  type CallbacksOptions,
  type Memo,
  type ProviderAccessToken,
  type ProviderId,
  type RecentSignInOptions,
  type Session,
  type SignInOptions,
  type SignInProof,
} from "../../src/internal.js";
import type { JWT } from "../../src/jwt.js";
import { signInMethods } from "../../src/providers/index.js";
import { runMiddleware, type AuthHandler, type NextAuthRequest, type WrappedHandler } from "./middleware.js";
import {
  afterTheAnswer,
  appendNodeCookies,
  currentRequest,
  fromNodeRequest,
  setCookies,
  type NodeRequestLike,
  type NodeResponseLike,
} from "./requests.js";

/** The configuration `NextAuth` takes: the core's, with `authorized` given the middleware's `NextRequest`. */
export interface NextAuthConfig extends Omit<AuthConfig, "callbacks"> {
  callbacks?: Partial<Omit<CallbacksOptions, "authorized">> & {
    /** Middleware and `auth(handler)`: true lets the request through, false sends it to sign-in, a Response answers it. */
    authorized?: (params: { auth: Session | null; request: NextRequest }) => unknown;
  };
}
export type { AuthHandler, NextAuthRequest, NodeRequestLike, NodeResponseLike, WrappedHandler };

/** `auth` in each of its call shapes. */
export interface AuthFunction {
  /** Server components, server actions and route handlers: the session of the current request. */
  (): Promise<Session | null>;
  /** Middleware (`export { auth as middleware }`): runs `callbacks.authorized`. */
  (request: NextRequest, context?: unknown): Promise<Response>;
  /** Wraps a middleware or route handler, which finds the session on `request.auth`. */
  <C = unknown>(handler: AuthHandler<C>): WrappedHandler<C>;
  /** getServerSideProps: `auth(context)`. */
  (context: { req: NodeRequestLike; res: NodeResponseLike }): Promise<Session | null>;
  /** Pages-router API routes: `auth(req, res)`. */
  (req: NodeRequestLike, res: NodeResponseLike): Promise<Session | null>;
  /**
   * Server code: the signed-in user's access token at `providerId`, refreshed when due, or null
   * (docs/sessions.md). A jwt-strategy refresh sets the new session cookie, so call it where cookies can be set
   * (route handlers, server actions); in a server component such a refresh is not saved, and a warning says so.
   */
  getAccessToken(providerId: string): Promise<ProviderAccessToken | null>;
}

export interface NextAuthResult {
  handlers: { GET: (request: NextRequest) => Promise<Response>; POST: (request: NextRequest) => Promise<Response> };
  auth: AuthFunction;
  /**
   * Server action: starts sign-in with `provider` (the sign-in page when absent), then redirects, or
   * returns the URL when `options.redirect` is false. Failures such as `CredentialsSignin` are thrown.
   * A redirecting call never returns (Next.js's `redirect()` throws), so it is typed `never`, as the
   * reference types it: `return signIn("github")` ends a route handler.
   */
  signIn<R extends boolean = true>(
    provider?: ProviderId,
    options?: FormData | (Omit<SignInOptions, "redirect"> & { redirect?: R }),
    authorizationParams?: AuthorizationParams,
  ): Promise<R extends false ? string : never>;
  /** Server action: ends the session, then redirects to `redirectTo` (default: the current page), or returns the URL when `redirect` is false. */
  signOut<R extends boolean = true>(options?: { redirect?: R; redirectTo?: string }): Promise<R extends false ? string : never>;
  /** Updates the session from the server; `auth()` later in the same request already sees the result. */
  unstable_update(data: Partial<Session> | { user: Partial<NonNullable<Session["user"]>> }): Promise<Session | null>;
  /** Signs a user out everywhere; resolves to how many sessions were ended (docs/sessions.md). */
  revokeSessions(params: { userId: string }): Promise<number>;
  /** Ends one session by its id, as `{basePath}/sessions` lists it; true when it was known and ended. */
  revokeSession(sessionId: string): Promise<boolean>;
  /** Whether a decoded session token is revoked, by this instance's cached view; pass this object to `getToken` as `auth`. */
  isRevoked(token: JWT, request?: Request): Promise<boolean>;
  /** Server code: when and how the current request's user last proved who they are, or null (docs/accounts.md). */
  signInProof(): Promise<SignInProof | null>;
  /**
   * The first check of a sensitive action (docs/accounts.md). Server components and server actions: returns when
   * the user signed in within `account.recentSignIn` seconds, else redirects to sign in again (Next.js's
   * `redirect()` throws), coming back to `options.returnTo`: an action's default is the page it was posted from,
   * while a server component, whose URL Next.js does not tell, names its own page (else the user comes back to
   * `/`). Route handlers pass their request and get null or the answer to return: a redirect for a browser, 403
   * `{ "error": "RecentSignInRequired" }` for a script.
   */
  requireRecentSignIn(options?: RecentSignInOptions): Promise<void>;
  requireRecentSignIn(request: Request, options?: RecentSignInOptions): Promise<Response | null>;
}

const buildPhase = "phase-production-build";
const processMemo = Symbol.for("sekisho.next.memo");

/**
 * One memo for every NextAuth instance in the process. Next.js evaluates auth.ts once per route bundle (the
 * proxy, each page, route handler and action), so without it a route handler would not see a refresh a server
 * component made a moment earlier, nor a revocation an action recorded without an adapter.
 */
function processWideMemo(): Memo {
  const holder = globalThis as { [processMemo]?: Memo };
  return (holder[processMemo] ??= createMemo());
}

function isWebRequest(value: unknown): value is NextRequest {
  return typeof (value as Request | undefined)?.headers?.get === "function" && typeof (value as Request).url === "string";
}

/**
 * `next build` loads route modules without the runtime environment (often no AUTH_SECRET yet), so a
 * static configuration is checked at the first request instead of at import time during the build.
 */
function deferDuringBuild(config: NextAuthConfig | ((request: NextRequest | undefined) => Awaitable<NextAuthConfig>)) {
  const phase = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.NEXT_PHASE;
  return typeof config === "function" || phase !== buildPhase ? config : () => config;
}

export default function NextAuth(
  config: NextAuthConfig | ((request: NextRequest | undefined) => Awaitable<NextAuthConfig>),
): NextAuthResult {
  const defaultBasePath = (typeof config === "function" ? undefined : config.basePath) ?? "/api/auth";
  const core = createAuth(deferDuringBuild(config) as Parameters<typeof createAuth>[0], {
    defaultBasePath,
    memo: processWideMemo(),
    methods: signInMethods,
    connectionHidden: true,
  });
  const handler = async (request: NextRequest) => core.fetch(request, undefined, await afterTheAnswer());

  async function nodeSession(req: NodeRequestLike, res: NodeResponseLike): Promise<Session | null> {
    const { session, cookies } = await core.session(fromNodeRequest(req));
    appendNodeCookies(res, cookies);
    return session;
  }

  /**
   * Never throws for sekisho's sake (core.session fails closed); what `headers()` throws is Next.js's own
   * signalling (a page found to be dynamic during prerendering, a call outside a request) and passes through.
   */
  async function serverSession(): Promise<Session | null> {
    const { session, cookies } = await core.session(await currentRequest());
    await setCookies(cookies);
    return session;
  }

  // Not async: `auth(handler)` must hand back the wrapped handler itself, for `export const GET = auth(...)`.
  function auth(...args: unknown[]): unknown {
    const [first, second] = args;
    if (args.length === 0) return serverSession();
    if (typeof first === "function") {
      return (request: NextRequest, context?: unknown) => runMiddleware(core, request, context, first as AuthHandler);
    }
    if (isWebRequest(first)) return runMiddleware(core, first, second);
    if (first && typeof first === "object" && "req" in first && "res" in first) {
      const { req, res } = first as { req: NodeRequestLike; res: NodeResponseLike };
      return nodeSession(req, res);
    }
    return nodeSession(first as NodeRequestLike, second as NodeResponseLike);
  }

  // `never` when redirecting: Next.js's redirect() throws. The result types' conditional is the caller's to narrow.
  async function finish<T>(result: { url: string; cookies: Parameters<typeof setCookies>[0]; redirect: boolean }): Promise<T> {
    await setCookies(result.cookies);
    if (!result.redirect) return result.url as T;
    // Imported here rather than at the top, for the reason given in requests.ts.
    const { redirect } = await import("next/navigation");
    return redirect(result.url);
  }

  auth.getAccessToken = async (providerId: string): Promise<ProviderAccessToken | null> => {
    const request = await currentRequest();
    const { token, cookies } = await core.accessToken(request, providerId);
    // Unlike a re-issued session, a refresh's cookie must reach the browser: it holds the rotated refresh token.
    if (!(await setCookies(cookies))) (await core.resolveConfig(request)).logger.warn("provider-tokens-not-saved");
    return token;
  };

  async function requireRecentSignIn(
    first?: Request | RecentSignInOptions,
    second?: RecentSignInOptions,
  ): Promise<Response | null | undefined> {
    if (isWebRequest(first)) return core.requireRecentSignIn(first as Request, second);
    // a server component or action: the user is sent to sign in again, whatever the request accepts
    const request = await currentRequest();
    const headers = new Headers(request.headers);
    headers.set("accept", "text/html");
    // Next.js tells neither the URL nor the method. An action (it has a body) comes back to its page, its Referer.
    const method = headers.has("next-action") || headers.has("content-type") ? "POST" : "GET";
    const refused = await core.requireRecentSignIn(new Request(request.url, { method, headers }), first as RecentSignInOptions);
    if (!refused) return undefined;
    const { redirect } = await import("next/navigation");
    return redirect(refused.headers.get("location") ?? `${core.basePath}/signin`);
  }

  return {
    handlers: { GET: handler, POST: handler },
    auth: auth as AuthFunction,
    signIn: async (provider, options, authorizationParams) =>
      finish(await core.signIn(provider, options, authorizationParams, { request: await currentRequest() })),
    signOut: async (options) => finish(await core.signOut(options, { request: await currentRequest() })),
    unstable_update: async (data) => {
      const { session, cookies } = await core.update(data, { request: await currentRequest() });
      await setCookies(cookies);
      return session;
    },
    revokeSessions: core.revokeSessions,
    revokeSession: core.revokeSession,
    isRevoked: core.isRevoked,
    signInProof: async () => core.signInProof(await currentRequest()),
    requireRecentSignIn: requireRecentSignIn as NextAuthResult["requireRecentSignIn"],
  };
}

/** The core's errors, symbols and types, so that an app imports them from the shim it uses. */
export * from "../../src/index.js";
