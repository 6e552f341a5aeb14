import type { AuthContext } from "./context.js";

/** A URL under basePath with query parameters, leaving out empty ones. */
export function authUrl(ctx: AuthContext, path: string, params: Record<string, string | undefined> = {}): string {
  return withQuery(`${ctx.baseUrl}${path}`, params);
}

export function withQuery(url: string, params: Record<string, string | undefined>): string {
  const target = new URL(url, "http://placeholder.invalid");
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") target.searchParams.set(key, value);
  return url.startsWith("/") && !url.startsWith("//") ? target.pathname + target.search : target.href;
}
