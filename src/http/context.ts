import type { CookieKind, CookiesOptions } from "../config/cookie-options.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { InvalidRequest } from "../errors.js";
import { MissingCSRF } from "../sign-in-errors.js";
import { parseBody } from "./body.js";
import { defaultCookies, parseCookies, type OutCookie } from "./cookies.js";
import { readCsrf, type CsrfState } from "./csrf-cookie.js";

export type { OutCookie };

/**
 * Who is calling the routes: a browser or script over HTTP, or the app's own server (`signIn`, `signOut`,
 * `update`, `auth()`, `getAccessToken` from a server action, a form action or a route handler).
 */
export type Caller = "http" | "server";

/**
 * Everything a route needs about one call, built by `createContext` alike for an HTTP request (the app's first
 * middleware) and for a server call.
 */
export interface AuthContext {
  config: ResolvedConfig;
  request: Request;
  /** The trusted origin, e.g. `https://example.com`. */
  origin: string;
  /** `origin + basePath`: where sekisho's routes live. */
  baseUrl: string;
  secure: boolean;
  cookies: CookiesOptions;
  requestCookies: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
  /**
   * Whether a state change must carry the double-submit CSRF token: so over HTTP. A server call has no token
   * to send; a form post it serves has its origin checked instead (in-process.ts).
   */
  checksCsrf: boolean;
  /**
   * Whether the caller is at the other end of HTTP and can be sent a page, a redirect and Set-Cookie. A server
   * call gets its URL and cookies back as values, for its framework to send.
   */
  overHttp: boolean;
  csrf(): Promise<CsrfState>;
  /** The client, for rate limits: the request it sent (for a server call, the caller's) and its address where known. */
  peer?: { request: Request; address(): string | undefined };
  /** The platform's hold on work that outlives the answer (a Worker's `waitUntil`), where it has one. */
  waitUntil?(task: Promise<unknown>): void;
}

const hostPattern = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * A forwarded header's one value. A list means a proxy appended to a value that arrived with the request, and
 * the first entry may be the client's own: refused rather than guessed.
 */
function singleValue(header: string | null, name: string): string | undefined {
  if (header?.includes(",")) {
    throw new InvalidRequest(
      `The ${name} header holds several values. Make the proxy overwrite it rather than append to it, or set AUTH_URL.`,
    );
  }
  return header?.trim() || undefined;
}

/**
 * The origin sekisho builds every absolute URL from. AUTH_URL wins; then the X-Forwarded-* headers, only
 * when the deployment declares a proxy that sets them (`trustHost`); otherwise the request's own URL.
 */
export function trustedOrigin(config: ResolvedConfig, request: Request): string {
  if (config.envUrl) return config.envUrl.origin;
  const url = new URL(request.url);
  if (!config.trustHost) return url.origin;
  const host = singleValue(request.headers.get("x-forwarded-host"), "X-Forwarded-Host") ?? url.host;
  const proto =
    singleValue(request.headers.get("x-forwarded-proto"), "X-Forwarded-Proto")?.toLowerCase() ?? url.protocol.slice(0, -1);
  if (!hostPattern.test(host) || (proto !== "http" && proto !== "https")) {
    throw new InvalidRequest("The X-Forwarded-Host or X-Forwarded-Proto header is malformed.");
  }
  return `${proto}://${host.toLowerCase()}`;
}

/**
 * A GET on the Host the headers name, for callers that see headers but no URL (server actions; Node's
 * IncomingMessage, whose request line gives `path`). The forwarded headers stay, for `trustedOrigin` to
 * weigh. A missing or malformed Host is localhost, so a session lookup fails closed rather than throwing.
 */
export function requestFromHeaders(headers: HeadersInit, path = "/"): Request {
  const copy = new Headers(headers);
  const host = copy.get("host");
  const origin = host && hostPattern.test(host) ? `http://${host}` : "http://localhost";
  const target = path.startsWith("/") && URL.canParse(origin + path) ? origin + path : `${origin}/`;
  return new Request(target, { headers: copy });
}

function mergeCookieOverrides(config: ResolvedConfig, secure: boolean): CookiesOptions {
  const cookies = defaultCookies(secure);
  for (const [kind, override] of Object.entries(config.cookieOverrides ?? {})) {
    const base = cookies[kind as CookieKind];
    if (!base || !override) continue;
    cookies[kind as CookieKind] = { name: override.name ?? base.name, options: { ...base.options, ...override.options } };
  }
  return cookies;
}

/** Cookie options per resolved config and scheme: built once, they never change. */
export type CookieCache = WeakMap<ResolvedConfig, Partial<Record<"secure" | "plain", CookiesOptions>>>;

export function cookiesFor(cache: CookieCache, config: ResolvedConfig, secure: boolean): CookiesOptions {
  let entry = cache.get(config);
  if (!entry) cache.set(config, (entry = {}));
  const key = secure ? "secure" : "plain";
  return (entry[key] ??= mergeCookieOverrides(config, secure));
}

export interface ContextOptions {
  caller: Caller;
  cookieCache: CookieCache;
  /** The client's address, for rate limits: the framework's word on it, or the connection's. */
  address(): string | undefined;
  /** The submitted fields: read from an HTTP POST's body; a server call's own. */
  body?: Record<string, unknown>;
  /** A server call's query (a sign-in's authorization parameters); otherwise the request URL's. */
  query?: Record<string, string>;
  /** The platform's `waitUntil`, where the request came with one. */
  waitUntil?(task: Promise<unknown>): void;
}

/**
 * The one context builder, for HTTP requests and server calls alike. `request` is what the caller sent: the HTTP
 * request to the routes, or, for a server call, the request the app's server is answering.
 */
export async function createContext(config: ResolvedConfig, request: Request, options: ContextOptions): Promise<AuthContext> {
  const overHttp = options.caller === "http";
  const origin = trustedOrigin(config, request);
  const secure = config.useSecureCookies ?? origin.startsWith("https:");
  const requestCookies = parseCookies(request.headers.get("cookie"));
  let query = options.query;
  if (!query) {
    query = Object.create(null) as Record<string, string>;
    if (request.url.includes("?"))
      for (const [key, value] of new URL(request.url).searchParams) if (!(key in query)) query[key] = value;
  }
  const body = options.body ?? (overHttp && request.method === "POST" ? await parseBody(request) : {});
  const cookies = cookiesFor(options.cookieCache, config, secure);
  let csrf: Promise<CsrfState> | undefined;
  return {
    config,
    request,
    origin,
    baseUrl: origin + config.basePath,
    secure,
    cookies,
    requestCookies,
    query,
    body,
    checksCsrf: overHttp,
    overHttp,
    peer: { request, address: options.address },
    waitUntil: options.waitUntil,
    csrf: () => (csrf ??= readCsrf(requestCookies[cookies.csrfToken.name], config.secrets, body.csrfToken)),
  };
}

/** Double-submit check for state-changing POSTs over HTTP; a server call has no token (see `checksCsrf`). */
export async function requireCsrf(ctx: AuthContext): Promise<void> {
  if (!ctx.checksCsrf || ctx.config.skipCSRFCheck) return;
  if (!(await ctx.csrf()).verified) throw new MissingCSRF("The CSRF token is missing or does not match the cookie.");
}

/** The token for forms, and the change that sets the CSRF cookie when the request did not carry a valid one. */
export async function csrfTokenForForm(ctx: AuthContext): Promise<{ token: string; cookies: OutCookie[] }> {
  const csrf = await ctx.csrf();
  const { name, options } = ctx.cookies.csrfToken;
  return { token: csrf.token, cookies: csrf.cookie ? [{ name, value: csrf.cookie, options }] : [] };
}
