/**
 * A next-auth v4 app without a Next.js build: the real next-auth 4 package's pages-router API handler
 * (`pages/api/auth/[...nextauth].ts` exports `NextAuth(authOptions)`), called with request and response
 * objects shaped as Next's pages router passes them. The cookies it sets are the real package's.
 */
import { createRequire } from "node:module";
import type { CookieJar } from "../../helpers/cookie-jar.js";

// Loaded with require, so the program does not take in next-auth 4's types, which bring Next's globals.
const require = createRequire(import.meta.url);
const load = (id: string) => require(id).default as (options: object) => unknown;

/** next-auth 4's `AuthOptions`, as far as these tests use them. */
export type AuthOptions = Record<string, unknown>;
type ApiHandler = (req: unknown, res: unknown) => Promise<void>;

const NextAuth = load("next-auth") as (options: AuthOptions) => ApiHandler;
export const CredentialsProvider = load("next-auth/providers/credentials");
export const EmailProvider = load("next-auth/providers/email");

export const v4Origin = "http://localhost:3000";
export const quietV4Logger = { error: () => {}, warn: () => {}, debug: () => {} };

/** Runs `[...nextauth]` for `path` (e.g. "callback/credentials") with the jar's cookies, and stores what it sets. */
export async function callV4(
  options: AuthOptions,
  jar: CookieJar,
  path: string,
  { method = "GET", body, query = {} }: { method?: string; body?: Record<string, string>; query?: Record<string, string> } = {},
): Promise<{ status: number; location?: string; body: unknown }> {
  const cookies = Object.fromEntries(jar.names().map((name) => [name, decodeURIComponent(jar.get(name)!)]));
  const req = {
    method,
    query: { ...query, nextauth: path.split("/") },
    body,
    cookies,
    headers: { host: "localhost:3000", cookie: jar.header(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
  };
  const headers = new Map<string, string | string[]>();
  let status = 200;
  let sent: unknown;
  const res = {
    status(code: number) {
      status = code;
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader(name: string, value: string | string[]) {
      headers.set(name.toLowerCase(), value);
      return res;
    },
    end() {},
    send(value: unknown) {
      sent = value;
    },
    json(value: unknown) {
      sent = value;
    },
  };
  await NextAuth(options)(req, res);
  const response = new Headers();
  for (const line of [headers.get("set-cookie") ?? []].flat()) response.append("set-cookie", line);
  jar.store(new Response(null, { headers: response }));
  return { status, location: headers.get("location") as string | undefined, body: sent };
}

/** The CSRF token v4 hands out (its cookie lands in the jar). */
export async function v4CsrfToken(options: AuthOptions, jar: CookieJar): Promise<string> {
  return ((await callV4(options, jar, "csrf")).body as { csrfToken: string }).csrfToken;
}
