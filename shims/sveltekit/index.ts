/**
 * `sekisho/sveltekit`: sekisho for SvelteKit. `SvelteKitAuth(config)` gives the `handle` hook (auth routes
 * under basePath, `event.locals.auth()` everywhere else) and the `signIn` / `signOut` form actions.
 */
import { error, redirect, type Handle, type RequestEvent } from "@sveltejs/kit";
import type { ExecutionContext } from "hono";
import {
  createAuth,
  MissingCSRF,
  type AuthConfig,
  type Awaitable,
  type OutCookie,
  type ProviderAccessToken,
  type RecentSignInOptions,
  type Session,
  type SignInProof,
} from "../../src/internal.js";
import type { JWT } from "../../src/jwt.js";
import { signInMethods } from "../../src/providers/index.js";
import { isBuilding, svelteKitEnv } from "./env.js";

declare global {
  namespace App {
    interface Locals {
      /** The session of this request, or null. Looked up once per request, however often it is called. */
      auth(): Promise<Session | null>;
      /** @deprecated `auth()` under its older name, which apps written for earlier versions still call. */
      getSession(): Promise<Session | null>;
      /** The signed-in user's access token at `providerId`, refreshed when due, or null (docs/sessions.md). */
      getAccessToken(providerId: string): Promise<ProviderAccessToken | null>;
    }
    interface PageData {
      /** What a layout's load returns as `session`, as the reference's docs teach: `{ session: await event.locals.auth() }`. */
      session?: Session | null;
    }
  }
}

export type SvelteKitAuthConfig = AuthConfig;

export interface SvelteKitAuthResult {
  handle: Handle;
  /** The default form action of `/signin`: reads `providerId`, `redirectTo`, `authorizationParams-*` and credentials fields. */
  signIn(event: RequestEvent): Promise<never>;
  /** The default form action of `/signout`: reads `redirectTo`. */
  signOut(event: RequestEvent): Promise<never>;
  /** Signs a user out everywhere, e.g. from an admin action; resolves to how many sessions were ended (docs/sessions.md). */
  revokeSessions(params: { userId: string }): Promise<number>;
  /** Ends one session by its id, as `{basePath}/sessions` lists it; true when it was known and ended. */
  revokeSession(sessionId: string): Promise<boolean>;
  /** Whether a decoded session token is revoked, by this instance's cached view; pass this object to `getToken` as `auth`. */
  isRevoked(token: JWT, request?: Request): Promise<boolean>;
  /** When and how the event's user last proved who they are, or null (docs/accounts.md). */
  signInProof(event: RequestEvent): Promise<SignInProof | null>;
  /**
   * The first check of a sensitive load, action or endpoint: returns when the user signed in within
   * `account.recentSignIn` seconds; else redirects (303) a browser to sign in again, coming back to
   * `options.returnTo`, and answers a script 403 "RecentSignInRequired" (docs/accounts.md).
   */
  requireRecentSignIn(event: RequestEvent, options?: RecentSignInOptions): Promise<void>;
}

const paramPrefix = "authorizationParams-";

function setCookies(event: RequestEvent, cookies: OutCookie[]): void {
  for (const { name, value, options } of cookies) event.cookies.set(name, value, { ...options, path: options.path ?? "/" });
}

/** The event's request with the Cookie header as it stands after the cookies set so far in this request. */
function withCurrentCookies(event: RequestEvent): Request {
  const pairs = event.cookies.getAll().filter(({ value }) => value !== "");
  const headers = new Headers(event.request.headers);
  headers.set("cookie", pairs.map(({ name, value }) => `${name}=${encodeURIComponent(value)}`).join("; "));
  return new Request(event.request.url, { method: event.request.method, headers });
}

/**
 * The request a load answers for: a client-side navigation fetches the page's data from `…/__data.json`, and its
 * user is sent to sign in again as the page's own request would be, coming back to the page, not to its data.
 */
function pageRequest(event: RequestEvent): Request {
  const request = withCurrentCookies(event);
  if (!event.isDataRequest) return request;
  const headers = new Headers(request.headers);
  headers.set("accept", "text/html");
  return new Request(event.url, { headers });
}

/**
 * The platform's hold on work an answer does not wait for (a Password mail), where the adapter gives one:
 * adapter-cloudflare's `platform.ctx` (`platform.context` before version 7).
 */
function executionContextOf(event: RequestEvent): ExecutionContext | undefined {
  const platform: unknown = event.platform;
  if (!platform || typeof platform !== "object") return undefined;
  const context: unknown = Reflect.get(platform, "ctx") ?? Reflect.get(platform, "context");
  return typeof (context as Partial<ExecutionContext> | undefined)?.waitUntil === "function"
    ? (context as ExecutionContext)
    : undefined;
}

/** A form post split into what the sign-in call takes. */
async function readSignInForm(request: Request) {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  const authorizationParams: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    if (key.startsWith(paramPrefix)) authorizationParams[key.slice(paramPrefix.length)] = value;
    else if (!(key in fields)) fields[key] = value;
  }
  const { providerId, ...options } = fields;
  return { providerId: providerId || undefined, options, authorizationParams };
}

/** A form action's call to the core; a form from another site is a 403, as SvelteKit's own origin check answers. */
async function fromForm<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (thrown) {
    if (thrown instanceof MissingCSRF) error(403, thrown.message);
    throw thrown;
  }
}

export function SvelteKitAuth(
  config: SvelteKitAuthConfig | ((event: RequestEvent | undefined) => Awaitable<SvelteKitAuthConfig>),
): SvelteKitAuthResult {
  // Lazy configuration is handed the event; the core only knows the request, so each request maps back to its event.
  const events = new WeakMap<Request, RequestEvent>();
  const input =
    typeof config === "function"
      ? (request: Request | undefined) => config(request && events.get(request))
      : isBuilding
        ? () => config
        : config;
  const defaultBasePath = (typeof config === "function" ? undefined : config.basePath) ?? "/auth";
  const clientAddress = (request: Request) => {
    try {
      return events.get(request)?.getClientAddress();
    } catch {
      return undefined; // prerendering, or an adapter that cannot tell
    }
  };
  const core = createAuth(input, {
    defaultBasePath,
    env: svelteKitEnv(),
    minSecretLength: 32,
    clientAddress,
    methods: signInMethods,
  });
  const underBasePath = (pathname: string) => pathname === core.basePath || pathname.startsWith(`${core.basePath}/`);

  const handle: Handle = async ({ event, resolve }) => {
    events.set(event.request, event);
    if (underBasePath(event.url.pathname)) return core.fetch(event.request, undefined, executionContextOf(event));
    // Loads run in parallel, so the calls are made one after another, each on the cookies set before it: a
    // session re-issued from the request's own cookie must not overwrite one holding refreshed provider tokens.
    let current = event.request;
    let queue: Promise<unknown> = Promise.resolve();
    let lookup: Promise<Session | null> | undefined;
    const inTurn = <T extends { cookies: OutCookie[] }>(call: (request: Request) => Promise<T>): Promise<T> => {
      const result = queue.then(async () => {
        const out = await call(current);
        if (out.cookies.length) {
          setCookies(event, out.cookies);
          current = withCurrentCookies(event);
          events.set(current, event);
        }
        return out;
      });
      queue = result.catch(() => undefined);
      return result;
    };
    event.locals.auth = () => (lookup ??= inTurn((request) => core.session(request)).then(({ session }) => session));
    event.locals.getSession = event.locals.auth;
    event.locals.getAccessToken = async (providerId) => {
      const { token, cookies } = await inTurn((request) => core.accessToken(request, providerId));
      // A refresh re-issued the session (or marked it with RefreshTokenError): auth() reads it again.
      if (cookies.length) lookup = undefined;
      return token;
    };
    return resolve(event);
  };

  async function signIn(event: RequestEvent): Promise<never> {
    const { providerId, options, authorizationParams } = await readSignInForm(event.request);
    const result = await fromForm(() => core.signIn(providerId, options, authorizationParams, { request: event.request }));
    setCookies(event, result.cookies);
    redirect(303, result.url);
  }

  async function signOut(event: RequestEvent): Promise<never> {
    const form = await event.request.formData();
    const redirectTo = form.get("redirectTo");
    const options = typeof redirectTo === "string" && redirectTo ? { redirectTo } : {};
    const result = await fromForm(() => core.signOut(options, { request: event.request }));
    setCookies(event, result.cookies);
    redirect(303, result.url);
  }

  return {
    handle,
    signIn,
    signOut,
    revokeSessions: core.revokeSessions,
    revokeSession: core.revokeSession,
    isRevoked: core.isRevoked,
    signInProof: (event) => core.signInProof(withCurrentCookies(event)),
    async requireRecentSignIn(event, options) {
      const refused = await core.requireRecentSignIn(pageRequest(event), options);
      if (!refused) return;
      const location = refused.headers.get("location");
      if (location) redirect(303, location);
      error(403, "RecentSignInRequired");
    },
  };
}

/** The core's errors, symbols and types, so that an app imports them from the shim it uses. */
export * from "../../src/index.js";
