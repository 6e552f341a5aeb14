import type { Context, ExecutionContext } from "hono";
import { Hono } from "hono/tiny";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { UnknownAction } from "../errors.js";
import { RateLimited } from "../sign-in-errors.js";
import { purgeInPassing, type PurgeClock } from "../flows/purge-in-passing.js";
import { createLogger } from "../logger.js";
import { backchannelFailure, backchannelLogoutPath } from "../logout/backchannel-response.js";
import { backchannelLogoutRoute } from "../logout/backchannel-logout.js";
import { callbackRoute } from "../routes/callback-route.js";
import { methodRoute, twoFactorRoute } from "../routes/method-routes.js";
import { methodRoutes } from "../flows/sign-in-method.js";
import { twoFactorRoutes } from "../flows/two-factor-contract.js";
import { csrfRoute } from "../routes/csrf-route.js";
import { errorPageRoute, verifyRequestRoute } from "../routes/pages.js";
import { providersRoute } from "../routes/providers.js";
import { sessionRoute, updateSessionRoute } from "../routes/session.js";
import { revokeSessionsRoute, sessionsRoute } from "../session/records/sessions-route.js";
import { signInPageRoute, signInRoute } from "../routes/signin-route.js";
import { signInScriptRoute } from "../routes/signin-script.js";
import { signOutPageRoute, signOutRoute } from "../routes/signout-route.js";
import { webauthnOptionsRoute, webauthnScriptRoute } from "../passkeys/webauthn-routes.js";
import { rateLimitedOutcome } from "../rate-limit/rate-limited-response.js";
import { accountRoute } from "../account/account-route.js";
import { deleteAccountRoute } from "../account/delete-account-route.js";
import { removePasskeyRoute, renamePasskeyRoute } from "../account/passkey-routes.js";
import { revokeTrustedDeviceRoute } from "../account/trusted-device-route.js";
import { unlinkRoute } from "../account/unlink-route.js";
import { connectionAddress } from "./connection.js";
import { createContext, type AuthContext, type CookieCache } from "../http/context.js";
import { errorOutcome } from "../http/error-response.js";
import { FailedAfterCookies, unwrapFailure, type Outcome } from "../http/outcome.js";
import { send } from "./send.js";

export interface AppOptions {
  basePath: string;
  /** The configuration when it is static, resolved once at creation; else `resolve` finds it for each request. */
  config?: ResolvedConfig;
  resolve(request: Request, c?: Context): Promise<ResolvedConfig>;
  cookieCache: CookieCache;
  /** When expired records are purged next; shared with the server calls. */
  purge: PurgeClock;
  /** The framework's word on a request's client address, where it has one. */
  clientAddress?: (request: Request) => string | undefined;
}

/** A route: the same function answers an HTTP request and a server call, given the call's context. */
export type Handler = (ctx: AuthContext, provider: string) => Outcome | Promise<Outcome>;

const fallbackLogger = createLogger();

/**
 * What `appFetch` hands Hono for a request that came without an ExecutionContext (Node): Hono's getter throws
 * without one, and that Error, built for every request, cost 5 to 18 µs in a microbenchmark.
 */
const noExecutionContext = Object.freeze({}) as ExecutionContext;

/** The request's `waitUntil` on platforms that have one; an app mounted in another Hono app may have none. */
function waitUntilOf(c: Context): ((task: Promise<unknown>) => void) | undefined {
  try {
    const execution = c.executionCtx;
    return execution === noExecutionContext ? undefined : (task) => execution.waitUntil(task);
  } catch {
    return undefined;
  }
}

/** The Hono app with every route under basePath. */
export function buildApp(options: AppOptions) {
  const app = new Hono<{ Variables: { auth: AuthContext } }>({ strict: false }).basePath(options.basePath);

  app.use("*", async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "POST" && method !== "HEAD")
      throw new UnknownAction(`${method} is not supported here; use GET or POST.`);
    const config = options.config ?? (await options.resolve(c.req.raw, c));
    const request = c.req.raw;
    const ctx = await createContext(config, request, {
      caller: "http",
      cookieCache: options.cookieCache,
      address: () => options.clientAddress?.(request) ?? connectionAddress(c),
      waitUntil: waitUntilOf(c),
    });
    c.set("auth", ctx);
    await next();
    // adapters without purgeExpired (those written for the reference) have nothing to purge
    if (config.store.purgeExpired) await purgeInPassing(config, options.purge);
  });

  /** Runs a route and sends its outcome; a page that fails to render still carries the route's cookie changes. */
  const route = (handler: Handler) => async (c: Context<{ Variables: { auth: AuthContext } }>) => {
    const ctx = c.get("auth");
    const outcome = await handler(ctx, c.req.param("provider") ?? "");
    const framing = { ancestors: ctx.config.frameAncestors, origin: ctx.origin };
    try {
      return await send(outcome, { request: c.req.raw, config: ctx.config, framing });
    } catch (error) {
      throw new FailedAfterCookies(error, outcome.cookies);
    }
  };
  app.get("/providers", route(providersRoute));
  app.get("/session", route(sessionRoute));
  app.post("/session", route(updateSessionRoute));
  app.get("/sessions", route(sessionsRoute));
  app.post("/sessions/revoke", route(revokeSessionsRoute));
  app.get("/csrf", route(csrfRoute));
  app.get("/signin", route(signInPageRoute));
  app.post("/signin/:provider", route(signInRoute));
  app.on(["GET", "POST"], "/callback/:provider", route(callbackRoute));
  app.get("/signout", route(signOutPageRoute));
  app.post("/signout", route(signOutRoute));
  app.get("/error", route(errorPageRoute));
  app.get("/verify-request", route(verifyRequestRoute));
  app.get("/webauthn-options/:provider", route(webauthnOptionsRoute));
  app.get("/webauthn-script", route(webauthnScriptRoute));
  app.get("/signin-script", route(signInScriptRoute));
  app.post("/backchannel-logout/:provider", route(backchannelLogoutRoute));
  for (const path of twoFactorRoutes) {
    const [method, at] = path.split(" ");
    app.on(method, at, route(twoFactorRoute(path)));
  }
  app.get("/account", route(accountRoute));
  app.post("/account/unlink", route(unlinkRoute));
  app.post("/account/passkey/rename", route(renamePasskeyRoute));
  app.post("/account/passkey/remove", route(removePasskeyRoute));
  app.post("/account/trusted-devices/revoke", route(revokeTrustedDeviceRoute));
  app.post("/account/delete", route(deleteAccountRoute));
  for (const path of methodRoutes) {
    const [method, at] = path.split(" ");
    app.on(method, at, route(methodRoute(path)));
  }
  app.all("*", () => {
    throw new UnknownAction("There is no such action.");
  });

  // A failure's outcome is sent without the request's framing: its error page is never framed.
  app.onError(async (thrown, c) => {
    const { error, cookies } = unwrapFailure(thrown);
    const ctx = c.get("auth") as AuthContext | undefined;
    const request = c.req.raw;
    const logger = ctx?.config.logger ?? fallbackLogger;
    const outcome = backchannelLogoutPath.test(new URL(c.req.url).pathname)
      ? backchannelFailure(error, request, logger)
      : error instanceof RateLimited
        ? rateLimitedOutcome(error, ctx, request)
        : errorOutcome(error, { ctx, request, provider: c.req.param("provider"), cookies }, logger);
    return send(await outcome, { request, config: ctx?.config });
  });
  return app;
}

/** The app's `fetch` as `Auth` gives it: `env` is what the server hands Hono (@hono/node-server's connection, Workers' bindings). */
export function appFetch(
  app: ReturnType<typeof buildApp>,
): (request: Request, env?: unknown, executionCtx?: ExecutionContext) => Promise<Response> {
  return async (request, env, executionCtx) => app.fetch(request, env, executionCtx ?? noExecutionContext);
}
