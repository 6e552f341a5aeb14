import { InvalidRequest } from "../errors.js";
import type { ResolvedConfig } from "../config/config-types.js";

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
