import type { ResolvedConfig } from "./config/resolved-config.js";
import { MissingCSRF, RateLimited } from "./sign-in-errors.js";
import type { Handler } from "./app/app.js";
import { type AuthContext, type OutCookie, requestFromHeaders, trustedOrigin } from "./http/context.js";
import { logFailure } from "./http/error-response.js";
import { unwrapFailure, type Outcome } from "./http/outcome.js";
import { purgeInPassing, type PurgeClock } from "./flows/purge-in-passing.js";
import { callbackRoute } from "./routes/callback-route.js";
import { updateSessionRoute } from "./routes/session.js";
import { signInRoute } from "./routes/signin-route.js";
import { signOutRoute } from "./routes/signout-route.js";
import type { Session } from "./shared-types.js";
import { signInFields, type SignInOptions } from "./sign-in-options.js";
export type { SignInOptions };

/** Where a server-side call comes from: the incoming request, or at least its headers. */
export interface CallContext {
  request?: Request;
  headers?: HeadersInit;
}

export type AuthorizationParams = string | Record<string, string> | URLSearchParams | [string, string][];

export interface CallResult {
  /** Where the user should go next. */
  url: string;
  /** Cookies to set on the response. */
  cookies: OutCookie[];
  /** False when the caller asked not to be redirected. */
  redirect: boolean;
}

interface Deps {
  basePath: string;
  resolve(request?: Request): Promise<ResolvedConfig>;
  /** The context of a server call, built by the same builder as an HTTP request's. */
  context(
    config: ResolvedConfig,
    request: Request,
    fields: { body: Record<string, unknown>; query?: Record<string, string> },
  ): Promise<AuthContext>;
  /** When expired records are purged next; shared with the HTTP routes. */
  purge: PurgeClock;
}

/** The caller's origin, derived as for any request to the routes. */
function originOf(config: ResolvedConfig, context: CallContext): string {
  return trustedOrigin(config, context.request ?? requestFromHeaders(context.headers ?? {}));
}

/** The content types a form on another site can post without the browser asking the server first. */
const formTypes = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\s*(;|$)/i;

/**
 * A call serving a form post (a SvelteKit form action, a Next.js server action, the app's own form route) runs
 * only when the browser proves the form is the app's own: `Sec-Fetch-Site: same-origin`, or, from a browser that
 * does not send it, an `Origin` equal to the app's. Anything else, or neither header, is refused. The framework's
 * own origin check may be off (SvelteKit's `csrf.checkOrigin: false`, `trustedOrigins: ["*"]`, `vite dev`;
 * Next.js's `serverActions.allowedOrigins`), and these calls skip the routes' CSRF token.
 */
function checkFormOrigin(headers: Headers, origin: string): void {
  if (!formTypes.test(headers.get("content-type") ?? "")) return;
  const site = headers.get("sec-fetch-site");
  if (site ? site === "same-origin" : headers.get("origin") === origin) return;
  const from = site ? `a ${site} page` : `origin ${JSON.stringify(headers.get("origin")?.slice(0, 100) ?? "unknown")}`;
  throw new MissingCSRF(
    `A form post from ${from} was refused: only the pages of ${origin} may sign in, sign out or update the session.`,
  );
}

/** The fields as a form would submit them, as the routes read a form: each a string, undefined and null left out. */
function formFields(fields: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) body[key] = String(value);
  return body;
}

/** Where a route sends its caller next; a sign-in or sign-out route answers with a redirect. */
function nextUrl(outcome: Outcome): string {
  if (outcome.kind === "redirect") return outcome.url;
  if (outcome.kind === "json") return (outcome.body as { url: string }).url;
  throw new TypeError(`The route answered with a ${outcome.kind}, where a server call expects a redirect.`);
}

/**
 * signIn, signOut and update for server actions: each builds its call's context (CSRF token not checked, as
 * the call has none: a form post's origin is checked instead) and runs the same route as the HTTP request
 * would, taking the URL and cookies from its outcome. Errors are logged as the routes log them, and thrown.
 */
export function inProcessCalls(deps: Deps) {
  async function call(handler: Handler, provider: string, context: CallContext, fields: Parameters<Deps["context"]>[2]) {
    const request = context.request ?? requestFromHeaders(context.headers ?? {});
    const config = await deps.resolve(request);
    checkFormOrigin(request.headers, originOf(config, { request }));
    const ctx = await deps.context(config, request, fields);
    try {
      return await handler(ctx, provider);
    } catch (thrown) {
      const { error } = unwrapFailure(thrown);
      if (!(error instanceof RateLimited)) logFailure(error, config.logger);
      throw error;
    } finally {
      await purgeInPassing(config, deps.purge);
    }
  }

  async function signIn(
    provider?: string,
    options?: SignInOptions | FormData,
    authorizationParams?: AuthorizationParams,
    context: CallContext = {},
  ): Promise<CallResult> {
    const { redirect = true, redirectTo, ...fields } = signInFields(options);
    const config = await deps.resolve(context.request);
    const headers = new Headers(context.request?.headers ?? context.headers);
    const callbackUrl = redirectTo ?? headers.get("referer") ?? "/";
    const target = provider ? config.providers.find((p) => p.id === provider) : undefined;
    if (!target) {
      const origin = originOf(config, context);
      const url = new URL(`${origin}${deps.basePath}/signin`);
      url.searchParams.set("callbackUrl", callbackUrl);
      return { url: url.href, cookies: [], redirect };
    }
    const query: Record<string, string> = Object.create(null);
    for (const [key, value] of new URLSearchParams(authorizationParams as ConstructorParameters<typeof URLSearchParams>[0]))
      if (!(key in query)) query[key] = value;
    const body = formFields({ ...fields, callbackUrl });
    const outcome =
      target.type === "credentials"
        ? await call(callbackRoute, target.id, context, { body })
        : await call(signInRoute, target.id, context, { body, query });
    return { url: nextUrl(outcome), cookies: outcome.cookies, redirect };
  }

  async function signOut(
    options: { redirect?: boolean; redirectTo?: string } = {},
    context: CallContext = {},
  ): Promise<CallResult> {
    const headers = new Headers(context.request?.headers ?? context.headers);
    const callbackUrl = options.redirectTo ?? headers.get("referer") ?? "/";
    const outcome = await call(signOutRoute, "", context, { body: formFields({ callbackUrl }) });
    return { url: nextUrl(outcome), cookies: outcome.cookies, redirect: options.redirect ?? true };
  }

  async function update(data: unknown, context: CallContext = {}): Promise<{ session: Session | null; cookies: OutCookie[] }> {
    // The update trigger sees the data as a client's update sends it: JSON.
    const body = Object.assign(Object.create(null), JSON.parse(JSON.stringify({ data })));
    const outcome = await call(updateSessionRoute, "", context, { body });
    const ok = outcome.kind === "json" && outcome.status >= 200 && outcome.status < 300;
    return { session: ok ? (outcome.body as Session | null) : null, cookies: outcome.cookies };
  }

  return { signIn, signOut, update };
}
