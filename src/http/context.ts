import type { CookieKind, CookiesOptions, ResolvedConfig } from "../config/types.js";
import { parseBody } from "./body.js";
import { defaultCookies, parseCookies, type OutCookie } from "./cookies.js";
import { readCsrf, type CsrfState } from "./csrf.js";
import { trustedOrigin } from "./origin.js";

export type { OutCookie };

/** Everything a route needs about one request, built once by the app's first middleware. */
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
  /** A server-side call (signIn/signOut/update) rather than an HTTP request: CSRF is not checked. */
  inProcess: boolean;
  csrf(): Promise<CsrfState>;
  /**
   * The client, for rate limits: the request it sent (for a server-side call, the caller's request) and the
   * address the platform's connection reports. Set by the app for each request it serves.
   */
  peer?: { request: Request; address(): string | undefined };
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
  inProcess: boolean;
  cookieCache: CookieCache;
  readBody: boolean;
}

export async function createContext(config: ResolvedConfig, request: Request, options: ContextOptions): Promise<AuthContext> {
  const origin = trustedOrigin(config, request);
  const secure = config.useSecureCookies ?? origin.startsWith("https:");
  const requestCookies = parseCookies(request.headers.get("cookie"));
  const query: Record<string, string> = Object.create(null);
  if (request.url.includes("?"))
    for (const [key, value] of new URL(request.url).searchParams) if (!(key in query)) query[key] = value;
  const body = options.readBody ? await parseBody(request) : {};
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
    inProcess: options.inProcess,
    csrf: () => (csrf ??= readCsrf(requestCookies[cookies.csrfToken.name], config.secrets, body.csrfToken)),
  };
}
