/**
 * Fixtures for the core suites: a credentials provider with one known user, `makeAuth` with a fixed
 * secret and an empty environment, and a client that drives an auth instance either in-process
 * (`auth.fetch`) or over real HTTP, keeping cookies in a jar.
 */
import { inspect } from "node:util";
import { type AuthConfig, type User } from "../../src/index.js";
import { type AdapterUser } from "../../src/adapters/index.js";
import type { CreateAuthOptions } from "../../src/auth-interface.js";
import { createAuth } from "./plain-providers.js";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import Credentials from "../../src/providers/credentials.js";
import { createCookieJar, type CookieJar } from "./cookie-jar.js";
import { startServer } from "./server.js";

export const secret = "core-suite-secret-0123456789abcdef0123456789";
export const origin = "http://localhost:3000";
export const basePath = "/auth";

export const alice = {
  id: "user-alice",
  name: "Alice Liddell",
  email: "alice@example.com",
  image: "https://example.com/alice.png",
  password: "correct horse battery staple",
};

/** The user `authorize` returns for alice's username and password, or null. */
export function checkAlice(credentials: Partial<Record<string, unknown>>): User | null {
  if (credentials.username !== "alice" || credentials.password !== alice.password) return null;
  return { id: alice.id, name: alice.name, email: alice.email, image: alice.image };
}

export function credentialsProvider(authorize: (credentials: Partial<Record<string, unknown>>, request: Request) => unknown = checkAlice) {
  return Credentials({
    credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
    authorize: authorize as Parameters<typeof Credentials>[0]["authorize"],
  });
}

/**
 * A memory adapter holding alice, and a credentials provider that signs her in by the id the adapter
 * gave her: under the database strategy a session is only useful for a user the adapter knows.
 */
export async function adapterWithAlice() {
  const adapter = MemoryAdapter();
  const user: AdapterUser = await adapter.createUser!({ id: "", email: alice.email, name: alice.name, image: alice.image, emailVerified: null });
  const provider = credentialsProvider((credentials) => (checkAlice(credentials) ? { ...checkAlice(credentials), id: user.id } : null));
  return { adapter, user, provider };
}

/** Drops every log line; tests that look at logging pass their own logger, or `logger: {}` for the console. */
export const quietLogger = { error: () => {}, warn: () => {}, debug: () => {} };

/** An instance with alice's credentials provider, a fixed secret, a quiet logger and no environment unless given. */
export function makeAuth(config: Partial<AuthConfig> = {}, options: CreateAuthOptions = {}) {
  return createAuth({ secret, providers: [credentialsProvider()], logger: quietLogger, ...config }, { env: {}, ...options });
}

export type FetchLike = (request: Request) => Response | Promise<Response>;

export interface Transport {
  origin: string;
  send(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export type Connect = (fetch: FetchLike) => Promise<Transport>;

/** Requests go straight to the app's `fetch`, as `Request` objects. */
export const inProcess: Connect = async (fetch) => ({ origin, send: async (request) => fetch(request), close: async () => {} });

/**
 * Requests go over a socket to @hono/node-server, with the platform's `fetch`. Each on its own
 * connection: a server may answer an oversized body before reading it and then drop the socket,
 * which must not fail the next request.
 */
export const overHttp: Connect = async (fetch) => {
  const server = await startServer(fetch);
  const send = (request: Request) => {
    const headers = new Headers(request.headers);
    headers.set("connection", "close");
    return globalThis.fetch(new Request(request, { headers }));
  };
  return { origin: server.url, send, close: server.close };
};

export interface SendOptions {
  method?: string;
  headers?: HeadersInit;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  body?: BodyInit;
  /** Leave the jar's cookies off this request. */
  withoutCookies?: boolean;
}

export interface Client {
  jar: CookieJar;
  origin: string;
  /** `origin + basePath` */
  base: string;
  /** `path` is under basePath (`/session`), or a full URL. Set-Cookie headers go into the jar. */
  send(path: string, options?: SendOptions): Promise<Response>;
  /** Fetches `/csrf` and returns the token; the jar gets the cookie. */
  csrfToken(): Promise<string>;
  /** Credentials sign-in as alice (or with `fields`), with a valid CSRF token. */
  signIn(fields?: Record<string, string>, headers?: HeadersInit): Promise<Response>;
  /** POST /signout with a valid CSRF token. */
  signOut(fields?: Record<string, string>, headers?: HeadersInit): Promise<Response>;
  /** GET /session as JSON. */
  session(): Promise<unknown>;
}

export function createClient(transport: Pick<Transport, "origin" | "send">, path = basePath): Client {
  const jar = createCookieJar();
  const base = transport.origin + path;
  async function send(target: string, options: SendOptions = {}): Promise<Response> {
    const headers = new Headers(options.headers);
    if (!options.withoutCookies && jar.header() && !headers.has("cookie")) headers.set("cookie", jar.header());
    let body = options.body;
    if (options.form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(options.json);
    }
    const url = /^https?:/.test(target) ? target : base + target;
    const method = options.method ?? (body === undefined ? "GET" : "POST");
    const streamed = typeof ReadableStream !== "undefined" && body instanceof ReadableStream;
    const init = { method, headers, body, redirect: "manual", ...(streamed ? { duplex: "half" } : {}) } as RequestInit;
    const response = await transport.send(new Request(url, init));
    jar.store(response);
    return response;
  }
  async function csrfToken(): Promise<string> {
    const response = await send("/csrf");
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }
  return {
    jar,
    origin: transport.origin,
    base,
    send,
    csrfToken,
    async signIn(fields = { username: "alice", password: alice.password }, headers) {
      return send("/callback/credentials", { form: { ...fields, csrfToken: await csrfToken() }, headers });
    },
    async signOut(fields = {}, headers) {
      return send("/signout", { form: { ...fields, csrfToken: await csrfToken() }, headers });
    },
    async session() {
      return (await send("/session")).json();
    },
  };
}

/** A client for `fetch` served in-process at http://localhost:3000. */
export function localClient(fetch: FetchLike, path = basePath): Client {
  return createClient({ origin, send: async (request) => fetch(request) }, path);
}

/** Everything the logger and console receive while `run` runs, flattened to one string per call. */
export async function captureOutput(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const methods = ["log", "info", "warn", "error", "debug", "trace"] as const;
  const originals = methods.map((name) => console[name]);
  methods.forEach((name) => {
    console[name] = (...args: unknown[]) => void lines.push(args.map((arg) => inspect(arg, { depth: 20 })).join(" "));
  });
  try {
    await run();
  } finally {
    methods.forEach((name, index) => (console[name] = originals[index]));
  }
  return lines;
}
