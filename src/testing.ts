/**
 * The `sekisho/testing` entry: a signed-in session for an app's own tests, without driving a sign-in.
 * The cookies are the ones sekisho (and the reference library) would issue, so the app reads them as is.
 */
import type { Adapter, AdapterUser } from "./adapters/adapter-contract.js";
import { defaultMaxAge, generateSessionToken } from "./config/defaults.js";
import { needs } from "./config/store.js";
import { missingAdapterMethods } from "./config/validate.js";
import { MissingAdapterMethods, MissingSecret } from "./configuration-errors.js";
import { defaultCookies, serializeCookie, writeChunked } from "./http/cookies.js";
import { encode } from "./session/jwt-codec.js";
import type { JWT, User } from "./shared-types.js";

export interface TestCookie {
  name: string;
  value: string;
}

export interface TestSession {
  /** The session cookie's name: `authjs.session-token`, or `__Secure-authjs.session-token` with `secureCookie`. */
  name: string;
  /** The whole value: the encrypted JWT, or the database session token. */
  value: string;
  /** The cookies a browser holds: one, or `<name>.0`, `<name>.1`, … when the value is too long for one. */
  cookies: TestCookie[];
  /** A ready `Cookie` header value carrying `cookies`. */
  header: string;
  /** When the session ends. */
  expires: Date;
}

interface CookieOptions {
  /** True for an app served over https, whose cookie has the `__Secure-` prefix (as in `getToken`). Defaults to false. */
  secureCookie?: boolean;
  /** The app's `cookies.sessionToken.name`, if it overrides it. Defaults to the name `secureCookie` picks. */
  cookieName?: string;
}

export type SessionCookieOptions = CookieOptions & {
  /** The app's secret (its `secret` option or AUTH_SECRET); an array is newest first, as in the configuration. */
  secret: string | string[];
  /** Seconds until the session expires; defaults to 30 days. Zero or less gives an expired session. */
  maxAge?: number;
} & (
    | {
        /** The user as `authorize` or a provider's profile would give it; the token is the one sign-in starts from. */
        user: User;
        token?: never;
      }
    | {
        /** The whole token, as the app's jwt callback would return it. */
        token: JWT;
        user?: never;
      }
  );

/**
 * A JWT session cookie for `user` (or `token`), encrypted with `secret` as sekisho and `@auth/core` issue it:
 * the session endpoint, `auth()` and `getToken` read it as a signed-in session.
 *
 * ```ts
 * const session = await sessionCookie({ secret: process.env.AUTH_SECRET!, user: { id: "1", email: "ada@example.com" } });
 * await app.request("/dashboard", { headers: { cookie: session.header } });
 * ```
 */
export async function sessionCookie(options: SessionCookieOptions): Promise<TestSession> {
  if (!isObject(options)) throw new TypeError("sessionCookie needs an options object: { secret, user } or { secret, token }.");
  const { secret, maxAge = defaultMaxAge } = options;
  const secrets = [secret].flat();
  if (!secrets.length || !secrets.every((each) => typeof each === "string" && each.length > 0)) {
    throw new MissingSecret(
      "sessionCookie: pass `secret`, the app's secret (e.g. process.env.AUTH_SECRET), as a non-empty string or an array of them, newest first.",
    );
  }
  if (typeof maxAge !== "number" || !Number.isFinite(maxAge)) {
    throw new TypeError(`sessionCookie: maxAge must be a number of seconds; got ${String(maxAge)}.`);
  }
  const name = cookieNameOf(options, "sessionCookie");
  const token = tokenOf(options);
  const value = await encode({ token, secret, salt: name, maxAge });
  return testSession(name, value, new Date(Date.now() + maxAge * 1000));
}

/** The token sign-in starts from (what the jwt callback receives), or the token given. */
function tokenOf(options: { user?: User; token?: JWT }): JWT {
  const { user, token } = options;
  if (user !== undefined && token !== undefined) throw new TypeError("sessionCookie: pass `user` or `token`, not both.");
  if (isObject(token)) return token;
  if (isObject(user)) return { name: user.name, email: user.email, picture: user.image, sub: user.id?.toString() };
  throw new TypeError("sessionCookie: pass `user` (e.g. { id, name, email }) or `token` (the JWT payload) as an object.");
}

export type DatabaseSessionOptions = CookieOptions & {
  /** Found by email, or created with these fields when the adapter has no user with that email. */
  user: Pick<AdapterUser, "email"> & Partial<Pick<AdapterUser, "name" | "image" | "emailVerified">>;
  /** When the session row expires; defaults to 30 days from now. A past date gives a session the app refuses. */
  expires?: Date;
};

export interface DatabaseTestSession extends TestSession {
  /** The user as the adapter stores it, with its id. */
  user: AdapterUser;
}

/**
 * A session row for `user` (found by email, or created) made through the adapter contract, and the cookie that
 * carries its token. An app with `session.strategy: "database"` on the same adapter reads it as signed in.
 */
export async function databaseSession(adapter: Adapter, options: DatabaseSessionOptions): Promise<DatabaseTestSession> {
  if (!isObject(adapter))
    throw new TypeError("databaseSession: pass the app's adapter first, e.g. databaseSession(adapter, { user }).");
  const missing = missingAdapterMethods(adapter, needs.testSession);
  if (missing.length) {
    throw new MissingAdapterMethods(
      `databaseSession: the adapter lacks ${missing.join(", ")}, which making a session calls. Pass the adapter the app uses.`,
    );
  }
  if (!isObject(options) || !isObject(options.user) || typeof options.user.email !== "string" || !options.user.email) {
    throw new TypeError('databaseSession: pass `user` with an `email`, e.g. { user: { email: "ada@example.com" } }.');
  }
  const { user: fields, expires = new Date(Date.now() + defaultMaxAge * 1000) } = options;
  if (!(expires instanceof Date) || !Number.isFinite(expires.valueOf())) {
    throw new TypeError("databaseSession: expires must be a valid Date.");
  }
  const name = cookieNameOf(options, "databaseSession");
  const user =
    (await adapter.getUserByEmail!(fields.email)) ??
    (await adapter.createUser!({ emailVerified: null, ...fields, id: crypto.randomUUID() }));
  const sessionToken = generateSessionToken();
  await adapter.createSession!({ sessionToken, userId: user.id, expires });
  return { ...testSession(name, sessionToken, expires), user };
}

function cookieNameOf(options: CookieOptions, caller: string): string {
  const { cookieName, secureCookie = false } = options;
  if (cookieName !== undefined && (typeof cookieName !== "string" || !cookieName)) {
    throw new TypeError(`${caller}: cookieName must be the app's session cookie name; got ${JSON.stringify(cookieName)}.`);
  }
  return cookieName ?? defaultCookies(secureCookie === true).sessionToken.name;
}

/** The session's cookies as the app would set them: chunked as the app chunks, in one Cookie header. */
function testSession(name: string, value: string, expires: Date): TestSession {
  const cookies = writeChunked(name, value, {}, {}).map((cookie) => ({ name: cookie.name, value: cookie.value }));
  const header = cookies.map((cookie) => serializeCookie(cookie.name, cookie.value)).join("; ");
  return { name, value, cookies, header, expires };
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
