import { InvalidRequest } from "../errors.js";
import type { ResolvedConfig } from "../config/types.js";

const hostPattern = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function firstValue(header: string | null): string | undefined {
  const value = header?.split(",")[0]?.trim();
  return value || undefined;
}

/**
 * The origin sekisho builds every absolute URL from. AUTH_URL wins; then the X-Forwarded-* headers, only
 * when the deployment declares a proxy that sets them (`trustHost`); otherwise the request's own URL.
 */
export function trustedOrigin(config: ResolvedConfig, request: Request): string {
  if (config.envUrl) return config.envUrl.origin;
  const url = new URL(request.url);
  if (!config.trustHost) return url.origin;
  const host = firstValue(request.headers.get("x-forwarded-host")) ?? url.host;
  const proto = firstValue(request.headers.get("x-forwarded-proto"))?.toLowerCase() ?? url.protocol.slice(0, -1);
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
