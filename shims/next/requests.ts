/**
 * Turning what Next.js hands over (next/headers, Node requests of the pages router) into web Requests, and
 * cookies back.
 *
 * Next.js's own modules are imported where they are used, not at the top: the pages router loads packages
 * with Node's resolver, which cannot find `next/headers` (next has no exports map), while the App Router's
 * bundler needs exactly that specifier to pick the server build of each module.
 */
import type { ExecutionContext } from "hono";
import { requestFromHeaders, setCookieLines, type OutCookie } from "../../src/internal.js";

/** The pages router's request: Node's IncomingMessage, or anything shaped like it. */
export interface NodeRequestLike {
  url?: string;
  method?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The pages router's response: Node's ServerResponse, or anything shaped like it. */
export interface NodeResponseLike {
  getHeader(name: string): number | string | string[] | undefined;
  setHeader(name: string, value: string | string[]): unknown;
}

/**
 * Next.js's `after` (15.1 and later) as the platform's hold on work an answer does not wait for (a Password
 * mail), so it runs on after the answer in the Edge runtime too; undefined where Next.js has no `after`.
 */
export async function afterTheAnswer(): Promise<ExecutionContext | undefined> {
  const { after } = (await import("next/server")) as { after?: (task: Promise<unknown>) => void };
  if (typeof after !== "function") return undefined;
  return {
    waitUntil: (task) => {
      // Outside a request (a handler called by a script, not by Next.js) there is nothing to hold the work: it runs on.
      try {
        after(task);
      } catch {}
    },
    passThroughOnException: () => undefined,
    props: {},
  };
}

/**
 * The current request as Next.js exposes it to server components, actions and route handlers. The Cookie
 * header takes from `cookies()` what an action set or deleted earlier in the same request, so a session
 * updated then is the one read.
 */
export async function currentRequest(): Promise<Request> {
  const { cookies, headers } = await import("next/headers");
  const [incoming, jar] = await Promise.all([headers(), cookies()]);
  const copy = new Headers(incoming);
  const cookie = currentCookies(incoming.get("cookie") ?? "", jar.getAll());
  if (cookie) copy.set("cookie", cookie);
  else copy.delete("cookie");
  return requestFromHeaders(copy);
}

/**
 * The Cookie header sent, less the cookies the request deleted, with the values it set. Of duplicate names
 * `cookies()` keeps the last, the core (routes, middleware) the first; the header's own pairs keep the
 * order, or a cookie tossed from the parent domain, which comes after the site's own, would be the session.
 */
function currentCookies(sent: string, jar: { name: string; value: string }[]): string {
  const pairs = sent.split(/; */).filter((pair) => pair.includes("="));
  const nameOf = (pair: string) => pair.slice(0, pair.indexOf("="));
  const lastSent = new Map(pairs.map((pair) => [nameOf(pair), decoded(pair.slice(pair.indexOf("=") + 1))]));
  const unchanged = new Set(jar.filter(({ name, value }) => lastSent.get(name) === value).map(({ name }) => name));
  const set = jar.filter(({ name }) => !unchanged.has(name)).map(({ name, value }) => `${name}=${encodeURIComponent(value)}`);
  return [...pairs.filter((pair) => unchanged.has(nameOf(pair))), ...set].join("; ");
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Sets cookies through `next/headers`; false when Next.js forbids it (server components), where they are
 * left as they are.
 */
export async function setCookies(list: OutCookie[]): Promise<boolean> {
  if (!list.length) return true;
  const { cookies } = await import("next/headers");
  const jar = await cookies();
  try {
    for (const { name, value, options } of list) jar.set(name, value, options);
    return true;
  } catch {
    // A server component cannot set cookies. A session cookie it would re-issue stays valid, and the next
    // action, route handler or middleware run sends the new one.
    return false;
  }
}

/** A body-less GET with the Node request's URL and headers: all a session lookup reads. */
export function fromNodeRequest(req: NodeRequestLike): Request {
  const copy = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    copy.set(name, Array.isArray(value) ? value.join(name === "cookie" ? "; " : ", ") : value);
  }
  return requestFromHeaders(copy, req.url);
}

/** Adds Set-Cookie headers to a Node response, keeping those already set. */
export function appendNodeCookies(res: NodeResponseLike, list: OutCookie[]): void {
  if (!list.length) return;
  const existing = res.getHeader("set-cookie");
  const kept = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader("set-cookie", [...kept, ...setCookieLines(list)]);
}
