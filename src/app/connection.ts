import type { Context } from "hono";

/** What the servers sekisho runs on put in Hono's `c.env` about the connection. */
interface ConnectionEnv {
  /** @hono/node-server */
  incoming?: { socket?: { remoteAddress?: string } };
  /** Bun's server */
  requestIP?: (request: Request) => { address?: string } | null;
  /** Deno.serve's handler info */
  remoteAddr?: { hostname?: string };
}

/** The peer address of the request's connection, where the server reports it; a proxy's address behind one. */
export function connectionAddress(c: Context): string | undefined {
  const env = c.env as ConnectionEnv | undefined;
  if (!env || typeof env !== "object") return undefined;
  try {
    return env.incoming?.socket?.remoteAddress ?? env.requestIP?.(c.req.raw)?.address ?? env.remoteAddr?.hostname;
  } catch {
    return undefined;
  }
}
