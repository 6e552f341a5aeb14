import type { NextRequest } from "next/server";
import {
  ErrorPageLoop,
  withSetCookies,
  type Auth,
  type Awaitable,
  type ResolvedConfig,
  type Session,
} from "../../src/internal.js";

/** The request a handler wrapped by `auth(handler)` receives. */
export type NextAuthRequest = NextRequest & { auth: Session | null };

/**
 * A middleware or route handler that `auth(handler)` wraps. `context` is what Next.js passes it (a route's
 * `params`, a middleware's event), typed by the handler; returning nothing lets the request through.
 */
export type AuthHandler<C = unknown> = (
  request: NextAuthRequest,
  context: C,
) => Awaitable<Response | undefined> | Awaitable<void>;

/**
 * What `auth(handler)` returns: the handler as Next.js calls it, with its context, or with the request alone.
 * The two-argument form is last, because Next.js checks a route's exports against it.
 */
export interface WrappedHandler<C> {
  (request: NextRequest): Promise<Response>;
  (request: NextRequest, context: C): Promise<Response>;
}

function redirectsToItself(response: Response, request: Request): boolean {
  const location = response.headers.get("location");
  if (!location || response.status < 300 || response.status > 399) return false;
  const target = new URL(location, request.url);
  const current = new URL(request.url);
  return target.origin === current.origin && target.pathname === current.pathname && target.search === current.search;
}

/**
 * Middleware (and `auth(handler)`): looks up the session, asks `callbacks.authorized`, and answers with
 * its Response, the handler's, a redirect to sign-in, or "continue". The refreshed session cookie is
 * appended to whichever it is.
 */
export async function runMiddleware(
  core: Auth,
  request: NextRequest,
  context: unknown,
  handler?: AuthHandler,
): Promise<Response> {
  // Imported here rather than at the top, for the reason given in requests.ts.
  const { NextResponse } = await import("next/server");
  const { session, cookies } = await core.session(request);
  let config: ResolvedConfig;
  try {
    config = await core.resolveConfig(request);
  } catch {
    // core.session has logged the configuration error; nothing behind this middleware is let through.
    return new Response("Server configuration error", { status: 500 });
  }
  const authorized = config.callbacks.authorized ? await config.callbacks.authorized({ auth: session, request }) : true;

  let response: Response;
  if (authorized instanceof Response) {
    if (redirectsToItself(authorized, request)) {
      config.logger.error(
        new ErrorPageLoop(
          `callbacks.authorized redirected ${new URL(request.url).pathname} to itself. Return true for that page, or leave it out of the middleware matcher.`,
        ),
      );
      return new Response("Redirect loop", { status: 500 });
    }
    response = authorized;
  } else if (handler) {
    const augmented = request as NextAuthRequest;
    augmented.auth = session;
    response = (await handler(augmented, context)) ?? NextResponse.next();
  } else if (!authorized) {
    const signIn = await core.signInRedirect(request);
    response = signIn ? NextResponse.redirect(signIn) : NextResponse.next();
  } else {
    response = NextResponse.next();
  }
  return withSetCookies(response, cookies);
}
