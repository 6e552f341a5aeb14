import type { AuthContext } from "./context.js";
import { serializeCookie } from "./cookies.js";
import { pageHeaders } from "./page-headers.js";

export const noCacheHeaders = {
  "Cache-Control": "private, no-cache, no-store",
  Expires: "0",
  Pragma: "no-cache",
} as const;

/** Appends the context's cookies; when a cookie was set twice, the last value wins. */
function withCookies(ctx: AuthContext | undefined, response: Response): Response {
  const last = new Map((ctx?.setCookies ?? []).map((cookie) => [cookie.name, cookie]));
  for (const cookie of last.values()) {
    response.headers.append("Set-Cookie", serializeCookie(cookie.name, cookie.value, cookie.options));
  }
  return response;
}

export function json(ctx: AuthContext | undefined, body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const response = new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
  return withCookies(ctx, response);
}

/** A built-in page. Without a context (a request that failed early), no origin may frame it. */
export function html(ctx: AuthContext | undefined, page: { html: string; status: number }): Response {
  const secured = pageHeaders(page.html, ctx?.config.frameAncestors ?? [], ctx?.origin);
  const response = new Response(secured.html, {
    status: page.status,
    headers: { "Content-Type": "text/html; charset=utf-8", ...noCacheHeaders, ...secured.headers },
  });
  return withCookies(ctx, response);
}

/** A 302, or `200 {url}` when the client asked for JSON with `X-Auth-Return-Redirect`. Cookies are kept either way. */
export function redirect(ctx: AuthContext, url: string): Response {
  if (ctx.request.headers.has("x-auth-return-redirect")) return json(ctx, { url });
  return withCookies(ctx, new Response(null, { status: 302, headers: { Location: url, ...noCacheHeaders } }));
}

/** A URL under basePath with query parameters, leaving out empty ones. */
export function authUrl(ctx: AuthContext, path: string, params: Record<string, string | undefined> = {}): string {
  return withQuery(`${ctx.baseUrl}${path}`, params);
}

export function withQuery(url: string, params: Record<string, string | undefined>): string {
  const target = new URL(url, "http://placeholder.invalid");
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") target.searchParams.set(key, value);
  return url.startsWith("/") && !url.startsWith("//") ? target.pathname + target.search : target.href;
}
