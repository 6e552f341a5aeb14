/** Reads the session JWT of a request outside the auth routes, e.g. in an API handler. */
import type { JWTDecodeParams } from "../config/jwt-options.js";
import type { LoggerInstance } from "../logger.js";
import { MissingSecret } from "../configuration-errors.js";
import { defaultCookies, parseCookies, readChunked } from "../http/cookies.js";
import type { Awaitable, JWT } from "../shared-types.js";
import { decode as decodeJwt } from "./jwt-codec.js";

/** Headers as a Request carries them, or as a Node-style record of header values. */
type HeaderSource = Headers | { get(name: string): string | null } | Record<string, string | string[] | undefined>;

export interface GetTokenParams<Raw extends boolean = false> {
  req: Request | { headers: HeaderSource; url?: string };
  /** Defaults to the AUTH_SECRET (or NEXTAUTH_SECRET) environment variable. An array is newest first. */
  secret?: string | string[];
  /** Defaults to the cookie name. */
  salt?: string;
  /** Defaults to true when AUTH_URL (or NEXTAUTH_URL) or the request URL is https. */
  secureCookie?: boolean;
  /** Defaults to `__Secure-authjs.session-token` on secure cookies, else `authjs.session-token`. */
  cookieName?: string;
  /** Return the token string as sent, without decoding it. */
  raw?: Raw;
  decode?: (params: JWTDecodeParams) => Awaitable<JWT | null>;
  /** Accepted for compatibility with the reference's signature; nothing is logged. */
  logger?: Partial<LoggerInstance> | Console;
  /**
   * The sekisho instance whose revocations to honour: what `createAuth`, `NextAuth` or `SvelteKitAuth`
   * returned (or just its `isRevoked`). A token it refuses (a revoked session, or revocations that cannot be
   * read) gives null. Without it, getToken only decodes, as the reference's does.
   */
  auth?: { isRevoked(token: JWT, request?: Request): Promise<boolean> };
}

/**
 * The decoded token from the session cookie (chunked or not) or, when there is none, from an
 * `Authorization: Bearer` header. Null when there is no token, it does not decode, or `auth` refuses it as
 * revoked; never throws for a bad token or header. Throws MissingSecret when decoding is asked for and no
 * secret is available. `raw` returns the token as sent, unchecked.
 */
export async function getToken(params: GetTokenParams<false>): Promise<JWT | null>;
export async function getToken(params: GetTokenParams<true>): Promise<string | null>;
export async function getToken(params: GetTokenParams<boolean>): Promise<JWT | string | null>;
export async function getToken(params: GetTokenParams<boolean>): Promise<JWT | string | null> {
  const { req, raw, decode = decodeJwt } = params;
  const secureCookie = params.secureCookie ?? isHttps(req.url);
  const cookieName = params.cookieName ?? defaultCookies(secureCookie).sessionToken.name;
  const salt = params.salt ?? cookieName;
  const secret = params.secret ?? env("AUTH_SECRET") ?? env("NEXTAUTH_SECRET");
  if (!raw && !secret) {
    throw new MissingSecret("getToken: pass `secret` or set the AUTH_SECRET environment variable");
  }

  const token =
    readChunked(parseCookies(header(req.headers, "cookie")), cookieName) ?? bearerToken(header(req.headers, "authorization"));
  if (!token) return null;
  if (raw) return token;
  let decoded: JWT | null;
  try {
    decoded = await decode({ token, secret: secret!, salt });
  } catch {
    return null;
  }
  if (!decoded || !params.auth) return decoded;
  return (await params.auth.isRevoked(decoded, webRequest(req))) ? null : decoded;
}

/**
 * The request as the instance's lazy configuration takes it. A Node-style request (the pages router's
 * IncomingMessage) is rebuilt from its host, path and headers, so the lazy configuration picks the same
 * configuration (the same tenant's revocations) as for a Request; undefined when it has no host or path.
 */
function webRequest(req: GetTokenParams["req"]): Request | undefined {
  if (req instanceof Request) return req;
  const host = header(req.headers, "host");
  if (!host || typeof req.url !== "string") return undefined;
  const headers = new Headers();
  const source = req.headers;
  const names =
    typeof source.get === "function"
      ? ["host", "cookie", "authorization"]
      : Object.keys(source).map((name) => name.toLowerCase());
  for (const name of names) {
    const value = header(source, name);
    if (value !== null) headers.set(name, value);
  }
  try {
    return new Request(new URL(req.url, `${isHttps(undefined) ? "https" : "http"}://${host}`), { headers });
  } catch {
    return undefined;
  }
}

/** The token of an `Authorization: Bearer <token>` header, percent-decoded; undefined if malformed. */
function bearerToken(authorization: string | null): string | undefined {
  const match = authorization && /^Bearer +([^ ]+) *$/i.exec(authorization);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

function header(headers: HeaderSource, name: string): string | null {
  if (typeof headers.get === "function") return (headers as { get(name: string): string | null }).get(name);
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((each) => each.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  if (Array.isArray(value)) return value.join(name === "cookie" ? "; " : ", ");
  return typeof value === "string" ? value : null;
}

function isHttps(requestUrl: string | undefined): boolean {
  const appUrl = env("AUTH_URL") ?? env("NEXTAUTH_URL");
  return Boolean(appUrl?.startsWith("https:") || requestUrl?.startsWith("https:"));
}

/** An environment variable where the runtime has `process.env`; undefined elsewhere or when empty. */
function env(name: string): string | undefined {
  const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
  return value || undefined;
}
