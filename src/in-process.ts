import type { ResolvedConfig } from "./config/types.js";
import { MissingCSRF } from "./errors.js";
import type { InProcessCall } from "./app/app.js";
import type { OutCookie } from "./http/context.js";
import { requestFromHeaders, trustedOrigin } from "./http/origin.js";
import type { Session } from "./types.js";
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
  app: { fetch(request: Request): Response | Promise<Response> };
  basePath: string;
  resolve(request?: Request): Promise<ResolvedConfig>;
  inProcess: WeakMap<Request, InProcessCall>;
  /** Each in-process request → the caller's request, for lazy configuration. */
  sources: WeakMap<Request, Request>;
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

/**
 * signIn, signOut and update for server actions: each is a real request to the app, marked as
 * in-process so the CSRF token check is skipped (a form post's origin is checked instead), answered in JSON
 * mode. Errors are thrown to the caller.
 */
export function inProcessCalls(deps: Deps) {
  async function call(path: string, body: Record<string, unknown>, context: CallContext, json = false) {
    const config = await deps.resolve(context.request);
    const headers = new Headers(context.request?.headers ?? context.headers);
    const origin = originOf(config, context);
    checkFormOrigin(headers, origin);
    const requestHeaders = new Headers({ "X-Auth-Return-Redirect": "1" });
    const cookie = headers.get("cookie");
    if (cookie) requestHeaders.set("Cookie", cookie);
    const userAgent = headers.get("user-agent");
    if (userAgent) requestHeaders.set("User-Agent", userAgent);
    let payload: string;
    if (json) {
      requestHeaders.set("Content-Type", "application/json");
      payload = JSON.stringify(body);
    } else {
      requestHeaders.set("Content-Type", "application/x-www-form-urlencoded");
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(body)) if (value !== undefined && value !== null) form.set(key, String(value));
      payload = form.toString();
    }
    const request = new Request(`${origin}${deps.basePath}${path}`, { method: "POST", headers: requestHeaders, body: payload });
    const record: InProcessCall = {};
    deps.inProcess.set(request, record);
    if (context.request) deps.sources.set(request, context.request);
    const response = await deps.app.fetch(request);
    if (record.error) throw record.error;
    return { response, cookies: record.outcome?.cookies ?? [], origin, headers };
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
    const query = new URLSearchParams(authorizationParams as ConstructorParameters<typeof URLSearchParams>[0]).toString();
    const path = target.type === "credentials" ? `/callback/${target.id}` : `/signin/${target.id}${query ? `?${query}` : ""}`;
    const { response, cookies } = await call(path, { ...fields, callbackUrl }, context);
    const { url } = (await response.json()) as { url: string };
    return { url, cookies, redirect };
  }

  async function signOut(
    options: { redirect?: boolean; redirectTo?: string } = {},
    context: CallContext = {},
  ): Promise<CallResult> {
    const headers = new Headers(context.request?.headers ?? context.headers);
    const callbackUrl = options.redirectTo ?? headers.get("referer") ?? "/";
    const { response, cookies } = await call("/signout", { callbackUrl }, context);
    const { url } = (await response.json()) as { url: string };
    return { url, cookies, redirect: options.redirect ?? true };
  }

  async function update(data: unknown, context: CallContext = {}): Promise<{ session: Session | null; cookies: OutCookie[] }> {
    const { response, cookies } = await call("/session", { data }, context, true);
    return { session: response.ok ? ((await response.json()) as Session | null) : null, cookies };
  }

  return { signIn, signOut, update };
}
