import { InvalidRequest } from "../errors.js";
import type { ResolvedConfig } from "../config/types.js";

const hostPattern = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function firstValue(header: string | null): string | undefined {
  const value = header?.split(",")[0]?.trim();
  return value || undefined;
}

/**
 * The origin sekisho builds its URLs from. AUTH_URL wins; otherwise the request's own host, and the
 * X-Forwarded-* headers only when the host is trusted.
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
