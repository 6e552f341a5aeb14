import { isLoopback } from "./auth.js";

/** A server's fetch handler; `env` carries the connection (its client address) from @hono/node-server. */
type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * A demo bound to loopback answers only to loopback names. A page on another site whose name the attacker
 * points at 127.0.0.1 (DNS rebinding) is same-origin with what it fetches there, and read the dev mailbox's
 * sign-in links and codes; its requests carry its own name in `Host`.
 */
export function loopbackHostsOnly(fetch: Fetch): Fetch {
  return (request, env) => {
    const hostname = new URL(request.url).hostname.replace(/^\[(.*)\]$/, "$1");
    if (isLoopback(hostname)) return fetch(request, env);
    return new Response(`This demo listens on loopback and answers only to localhost, 127.0.0.1 or [::1], not ${hostname}.\n`, {
      status: 403,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  };
}
