/**
 * `sekisho/hono`: sekisho in a Hono app, on Node or Workers. Mount `auth.app`, put the session on the
 * context with `auth.session`, and guard routes with `auth.requireAuth()`. A configuration function
 * receives the Hono context, so Workers bindings (`c.env`) reach it.
 */
import type { Context, Env, MiddlewareHandler } from "hono";
import {
  createAuth,
  withSetCookies,
  type AuthConfig,
  type Awaitable,
  type CreateAuthOptions,
  type OutCookie,
  type RecentSignInOptions,
  type Session,
} from "../../src/internal.js";

/** What the middleware puts on the context: `c.get("session")`, or `c.var.session`. */
export type SessionVariables = { session: Session | null };

export interface RequireAuthOptions {
  /**
   * true: answer 401 JSON (APIs). false: redirect to the sign-in page (pages).
   * Unset: redirect when the request accepts HTML, 401 otherwise.
   */
  api?: boolean;
}

export interface HonoAuthOptions {
  /** Where the routes are mounted when the configuration does not say; `/auth` by default. */
  basePath?: string;
  /** The environment for settings such as AUTH_SECRET; `process.env` where it exists. Workers use `c.env` through lazy configuration instead. */
  env?: Record<string, string | undefined>;
  /**
   * Sign-in methods for providers written as plain objects: `signInMethods` from "sekisho/providers" accepts
   * every type, at the price of carrying every method. Without it, a plain object is OAuth or a configuration error.
   */
  methods?: CreateAuthOptions["methods"];
}

function appendCookies(c: Context, cookies: OutCookie[]): void {
  const response = withSetCookies(c.res, cookies);
  if (response === c.res) return;
  // A copy (the headers were immutable, e.g. Response.redirect): cleared first, so Hono does not merge the old headers in.
  c.res = undefined;
  c.res = response;
}

function wantsHtml(c: Context): boolean {
  return (c.req.header("accept") ?? "").includes("text/html");
}

export function honoAuth<E extends Env = Env>(
  config: AuthConfig | ((c: Context<E>) => Awaitable<AuthConfig>),
  options: HonoAuthOptions = {},
) {
  const input =
    typeof config === "function"
      ? (_request: Request | undefined, c?: Context) => {
          if (!c)
            throw new TypeError(
              "This sekisho configuration is a function of the Hono context; call it from a Hono route or middleware.",
            );
          return config(c as Context<E>);
        }
      : config;
  const core = createAuth(input, { defaultBasePath: options.basePath ?? "/auth", env: options.env, methods: options.methods });
  type SessionEnv = E & { Variables: SessionVariables };

  /** The session of the request, looked up once and kept on the context; refreshed cookies go on the response. */
  async function load(c: Context<SessionEnv>): Promise<{ session: Session | null; cookies: OutCookie[] }> {
    const known = c.get("session");
    if (known !== undefined) return { session: known, cookies: [] };
    const found = await core.session(c.req.raw, c);
    c.set("session", found.session);
    return found;
  }

  const session: MiddlewareHandler<SessionEnv> = async (c, next) => {
    const { cookies } = await load(c);
    await next();
    appendCookies(c, cookies);
  };

  /** Lets signed-in requests through; others get a redirect to sign-in (pages) or 401 (APIs). */
  function requireAuth(guard: RequireAuthOptions = {}): MiddlewareHandler<SessionEnv> {
    return async (c, next) => {
      const { session: found, cookies } = await load(c);
      if (found) {
        await next();
        appendCookies(c, cookies);
        return;
      }
      const redirectTo = (guard.api ?? !wantsHtml(c)) ? null : await core.signInRedirect(c.req.raw, c);
      return withSetCookies(redirectTo ? c.redirect(redirectTo) : c.json({ error: "Unauthorized" }, 401), cookies);
    };
  }

  /**
   * Lets through requests whose user signed in within `account.recentSignIn` seconds (or `options.maxAge`);
   * others get a redirect to sign in again (browsers) or 403 `{ "error": "RecentSignInRequired" }` (scripts).
   */
  function requireRecentSignIn(options?: RecentSignInOptions): MiddlewareHandler<E> {
    return async (c, next) => {
      const refused = await core.requireRecentSignIn(c.req.raw, options, c);
      if (refused) return refused;
      await next();
    };
  }

  return {
    /** sekisho's routes under basePath: `app.route("/", auth.app)`. */
    app: core.app,
    basePath: core.basePath,
    session,
    requireAuth,
    requireRecentSignIn,
    /** When and how the request's user last proved who they are, or null (docs/accounts.md). */
    signInProof: (c: Context<E>) => core.signInProof(c.req.raw, c),
    /** The session of a request outside middleware (never throws). */
    getSession: (c: Context<E>) => core.session(c.req.raw, c).then((found) => found.session),
  };
}

export type HonoAuth<E extends Env = Env> = ReturnType<typeof honoAuth<E>>;

/** The core's errors, symbols and types, so that an app imports them from the shim it uses. */
export * from "../../src/index.js";
