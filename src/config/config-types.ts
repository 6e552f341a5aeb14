import type { Adapter, AdapterSession, AdapterUser } from "../adapters/adapter-contract.js";
import type { LocaleOption } from "../messages/locale.js";
import type { MessagesOption } from "../messages/overrides.js";
import type { LoggerInstance } from "../logger.js";
import type { Memo } from "../memo.js";
import type { ParsedProvider, Provider } from "./providers/provider-types.js";
import type { RateLimitOptions, ResolvedRateLimit } from "./rate-limit.js";
import type { RateLimitStore } from "../adapters/rate-limit/rate-limit-store.js";
import type { UserFactorStore } from "../adapters/user-factors/factor-store.js";
import type { SessionRecords, Store } from "./store.js";
import type { Account, AppDefined, Awaitable, JWT, Profile, Session, User } from "../shared-types.js";
import type { JWTVerifyGetKey } from "jose";
import type { Theme } from "./theme-colors.js";
import type { SessionStrategyRef } from "./session-strategy.js";
import type { ResolvedTwoFactor, TwoFactorFeatureRef } from "./two-factor-feature.js";

export type { Theme };

/** The `pages` option: the app's own pages in place of the built-in ones, each a path or an absolute URL. */
export interface PagesOptions {
  /**
   * The app's sign-in page, instead of the built-in one. It receives `?error=` and `callbackUrl` as the
   * built-in page does.
   * @default `${basePath}/signin`
   * @example
   * ```ts
   * pages: { signIn: "/login" }
   * ```
   */
  signIn?: string;
  /**
   * The app's sign-out page, instead of the built-in confirmation.
   * @default `${basePath}/signout`
   * @example
   * ```ts
   * pages: { signOut: "/goodbye" }
   * ```
   */
  signOut?: string;
  /**
   * The app's error page, instead of the built-in one. It receives `?error=` with the client-safe error
   * type, or `Configuration`; it must not itself require a session.
   * @default `${basePath}/error`
   * @example
   * ```ts
   * pages: { error: "/auth-error" }
   * ```
   */
  error?: string;
  /**
   * The app's "check your email" page, shown once an email sign-in link or code was sent.
   * @default `${basePath}/verify-request`
   * @example
   * ```ts
   * pages: { verifyRequest: "/check-email" }
   * ```
   */
  verifyRequest?: string;
  /**
   * Where a user goes after their first sign-in, when their user record was just created. Unset, new
   * users go to the `callbackUrl` like everyone else.
   * @example
   * ```ts
   * pages: { newUser: "/welcome" }
   * ```
   */
  newUser?: string;
  /**
   * sekisho's own: the app's page listing the user's sessions, instead of the built-in one.
   * @default `${basePath}/sessions`
   * @example
   * ```ts
   * pages: { sessions: "/account/sessions" }
   * ```
   */
  sessions?: string;
  /**
   * sekisho's own: the app's account page (sign-in methods, second factors, email, sessions, deleting the
   * account), instead of the built-in one. Browsers asking for `{basePath}/account` are sent there; scripts
   * asking for JSON still get the account's data.
   * @default `${basePath}/account`
   * @example
   * ```ts
   * pages: { account: "/settings/account" }
   * ```
   */
  account?: string;
}

/** A cookie's name and attributes, as the `cookies` option overrides them. */
export interface CookieOption {
  name: string;
  options: CookieAttributes;
}

/** The attributes of a `Set-Cookie` line. */
export interface CookieAttributes {
  httpOnly?: boolean;
  sameSite?: "lax" | "strict" | "none";
  path?: string;
  secure?: boolean;
  domain?: string;
  maxAge?: number;
  expires?: Date;
}

/** The cookies sekisho sets, by role; the `cookies` option renames them or changes their attributes. */
export type CookieKind =
  | "sessionToken"
  | "callbackUrl"
  | "csrfToken"
  | "pkceCodeVerifier"
  | "state"
  | "nonce"
  | "webauthnChallenge"
  /** sekisho's own: binds an emailed one-time code to the browser that asked for it. */
  | "emailOtp"
  /** sekisho's own: under the database strategy with a reference adapter, which provider account the session's user signed in with. */
  | "providerAccounts"
  /** sekisho's own: a browser the user trusted to skip the second factor (`twoFactor.trustedDevices`). */
  | "trustedDevice";

/** Every cookie's name and attributes, by role. */
export type CookiesOptions = Record<CookieKind, CookieOption>;

/** What `jwt.encode` receives. */
export interface JWTEncodeParams<Payload = JWT> {
  token?: Payload;
  secret: string | string[];
  salt: string;
  maxAge?: number;
}

/** What `jwt.decode` receives. */
export interface JWTDecodeParams {
  token?: string;
  secret: string | string[];
  salt: string;
}

/** The `jwt` option: the session token under the jwt strategy. */
export interface JWTOptions {
  /**
   * Seconds a session token is valid for.
   * @default session.maxAge (30 days)
   * @example
   * ```ts
   * jwt: { maxAge: 7 * 24 * 60 * 60 }
   * ```
   */
  maxAge: number;
  /**
   * Turns a token's claims into the cookie's value. Replace it together with `decode`, only to read and
   * write tokens another system shares; the default encrypts with the secret and can be read by Auth.js.
   * @default an encrypted JWT (JWE, `dir` + `A256CBC-HS512`), keyed from the secret and the cookie name
   * @example
   * ```ts
   * jwt: { encode: ({ token, secret, salt }) => mySeal(token, secret, salt) }
   * ```
   */
  encode: (params: JWTEncodeParams) => Awaitable<string>;
  /**
   * Reads a cookie's value back into claims, or null when it cannot; the counterpart of `encode`.
   * @default the decryption of the built-in encrypted JWT, trying each secret in turn
   * @example
   * ```ts
   * jwt: { decode: ({ token, secret, salt }) => myUnseal(token, secret, salt) }
   * ```
   */
  decode: (params: JWTDecodeParams) => Awaitable<JWT | null>;
}

/** Where sessions live: in an encrypted cookie (`jwt`) or in the adapter's database (`database`). */
export type SessionStrategy = "jwt" | "database";

/** The `session` option. */
export interface SessionOptions {
  /**
   * Where sessions live: `jwt` keeps them in an encrypted cookie, `database` in the adapter, with only
   * the session's token in the cookie.
   * @default "database" with an adapter, "jwt" without
   * @example
   * ```ts
   * session: { strategy: "jwt" }
   * ```
   */
  strategy: SessionStrategy;
  /**
   * Seconds a session lasts without activity before it expires.
   * @default 2592000 (30 days)
   * @example
   * ```ts
   * session: { maxAge: 8 * 60 * 60 }
   * ```
   */
  maxAge: number;
  /**
   * Seconds between extensions of a session's expiry as it is used: a read within this time of the last
   * extension writes nothing. 0 extends on every read.
   * @default 86400 (1 day)
   * @example
   * ```ts
   * session: { updateAge: 60 * 60 }
   * ```
   */
  updateAge: number;
  /**
   * Makes the token of a new database session.
   * @default crypto.randomUUID()
   * @example
   * ```ts
   * session: { generateSessionToken: () => crypto.randomUUID() }
   * ```
   */
  generateSessionToken: () => string;
  /**
   * jwt strategy: how many seconds an instance may go without reading new revocations from the adapter.
   * A revoked session is refused within this time everywhere, with no read per request.
   * @default 10
   * @example
   * ```ts
   * session: { revocationCheckInterval: 30 }
   * ```
   */
  revocationCheckInterval: number;
  /**
   * sekisho's own: accept the session cookie of next-auth v4 (`next-auth.session-token` or its `__Secure-`
   * form, chunked or whole) when the request has no sekisho session cookie, so an app moved from v4 signs
   * nobody out. A v4 JWT is read when one of the app's secrets opens it (v4's `NEXTAUTH_SECRET`); a v4
   * database session cookie names a row of the same sessions table. The browser gets a sekisho cookie in its
   * place and the v4 cookie is cleared. Turn it on at the switch and off once v4's `session.maxAge` (30 days
   * unless the v4 app set another) has passed since: no v4 cookie is valid after that, and a v4 JWT of a user
   * who signed out of v4 stays readable until it expires.
   * @default false
   * @example
   * NextAuth({ providers, session: { acceptNextAuthV4: true } }) // remove 30 days after the switch
   */
  acceptNextAuthV4: boolean;
  /**
   * sekisho's own: the absolute session lifetime, in seconds from the sign-in, whatever the re-issues in
   * between (`maxAge` alone slides: a session used within every `maxAge` never ends, and neither does a stolen
   * cookie that is kept in use). The user signs in again once it has passed. Both strategies; under the database
   * strategy it is checked when the expiry moves (so up to `updateAge` late) and needs sekisho's session records
   * (its own adapters): with a reference adapter the default is skipped and a value set here is refused at
   * start-up. `Infinity` turns it off: sessions slide for ever, as in Auth.js.
   * @default 90 days (7776000), or the strategy's `maxAge` when that is longer
   * @example
   * createAuth({ session: { maxAge: 7 * 24 * 60 * 60, absoluteMaxAge: 90 * 24 * 60 * 60 } });
   */
  absoluteMaxAge: number;
}

export type { LoggerInstance, WarningCode } from "../logger.js";

/** The `callbacks` option: the app's say in sign-in, redirects and what the session holds. */
export interface CallbacksOptions {
  /**
   * Whether a sign-in may go ahead: `true` lets it, `false` refuses it (`AccessDenied`), a URL string
   * refuses it and sends the user there.
   * @default () => true
   * @example
   * ```ts
   * callbacks: { signIn: ({ user }) => user.email?.endsWith("@example.com") ?? false }
   * ```
   */
  signIn: (params: {
    user: User | AdapterUser;
    account: Account | null;
    profile?: Profile;
    email?: { verificationRequest?: boolean };
    credentials?: Record<string, unknown>;
  }) => Awaitable<boolean | string>;
  /**
   * Where a redirect may go, given the requested `url` and the site's `baseUrl`.
   * @default relative URLs and URLs on the site's own origin are kept; any other goes to `baseUrl`
   * @example
   * ```ts
   * callbacks: { redirect: ({ url, baseUrl }) => (url.startsWith(baseUrl) ? url : `${baseUrl}/dashboard`) }
   * ```
   */
  redirect: (params: { url: string; baseUrl: string }) => Awaitable<string>;
  /**
   * What a session read returns (`auth()`, `GET {basePath}/session`): the session shaped from the token
   * (jwt strategy) or the stored user (database strategy).
   * @default the user's `name`, `email` and `image`, and `expires`
   * @example
   * ```ts
   * callbacks: { session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.sub } }) }
   * ```
   */
  session: (params: {
    /** Under the database strategy, as in @auth/core, also the stored session row (`expires` a Date) and the full user. */
    session: Session & AdapterSession & { user: AdapterUser };
    token: JWT;
    user: AdapterUser;
    newSession?: unknown;
    trigger?: "update";
  }) => Awaitable<Session | Record<string, unknown>>;
  /**
   * jwt strategy: the token's claims, at sign-in (with `user`, `account` and `profile`), on `update()`
   * and on every read. Null at sign-in refuses it; null later ends the session.
   * @default ({ token }) => token
   * @example
   * ```ts
   * callbacks: { jwt: ({ token, user }) => (user ? { ...token, role: user.role } : token) }
   * ```
   */
  jwt: (params: {
    token: JWT;
    user: User | AdapterUser;
    account?: Account | null;
    profile?: Profile;
    trigger?: "signIn" | "signUp" | "update";
    isNewUser?: boolean;
    /** What the client passed to `update()`, when `trigger` is "update". */
    session?: AppDefined;
  }) => Awaitable<JWT | null>;
  /**
   * Next.js middleware: whether a request may go ahead. `true` lets it, `false` sends the visitor to sign
   * in, a `Response` is sent as it is. Unset, the middleware only puts the session on the request.
   * @example
   * ```ts
   * callbacks: { authorized: ({ auth }) => Boolean(auth) }
   * ```
   */
  authorized?: (params: { auth: Session | null; request: Request }) => unknown;
}

/** The `events` option: handlers told of what happened, after it happened. A handler that throws is logged (`EventError`) and changes nothing. */
export interface EventCallbacks {
  /**
   * A user signed in.
   * @example
   * ```ts
   * events: { signIn: ({ user, isNewUser }) => audit("sign-in", user.id, isNewUser) }
   * ```
   */
  signIn: (message: { user: User; account?: Account | null; profile?: Profile; isNewUser?: boolean }) => Awaitable<void>;
  /**
   * A user signed out. `session` is what the adapter's deleteSession returned: the deleted session, or nothing.
   * @example
   * ```ts
   * events: { signOut: (message) => audit("sign-out", "token" in message ? message.token?.sub : undefined) }
   * ```
   */
  signOut: (
    message: { session: Awaited<ReturnType<NonNullable<Adapter["deleteSession"]>>> | null } | { token: JWT | null },
  ) => Awaitable<void>;
  /**
   * The adapter created a user.
   * @example
   * ```ts
   * events: { createUser: ({ user }) => sendWelcomeEmail(user.email) }
   * ```
   */
  createUser: (message: { user: User }) => Awaitable<void>;
  /**
   * A user turned on a second factor (TOTP confirmed with its first code); `userId` is theirs.
   * @example
   * ```ts
   * events: { twoFactorEnrolled: ({ userId }) => audit("2fa-on", userId) }
   * ```
   */
  twoFactorEnrolled: (message: { userId: string; method: "totp" }) => Awaitable<void>;
  /**
   * A second factor completed a sign-in: `method` is what the user gave, `firstFactor` the provider before it.
   * @example
   * ```ts
   * events: { twoFactorUsed: ({ userId, method }) => audit("2fa", userId, method) }
   * ```
   */
  twoFactorUsed: (message: {
    userId: string;
    method: "totp" | "backup-code" | "passkey";
    firstFactor: string;
  }) => Awaitable<void>;
  /**
   * A backup code was spent; `remaining` says how many the user has left.
   * @example
   * ```ts
   * events: { backupCodeUsed: ({ userId, remaining }) => remaining < 3 && remindToRegenerate(userId) }
   * ```
   */
  backupCodeUsed: (message: { userId: string; remaining: number }) => Awaitable<void>;
  /**
   * A user ticked "Don't ask again on this device" (`twoFactor.trustedDevices`): `label` describes the browser.
   * @example
   * ```ts
   * events: { twoFactorDeviceTrusted: ({ userId, label }) => notifyByEmail(userId, `New trusted device: ${label}`) }
   * ```
   */
  twoFactorDeviceTrusted: (message: { userId: string; label?: string }) => Awaitable<void>;
  /**
   * A user turned their second factor off (its backup codes went with it).
   * @example
   * ```ts
   * events: { twoFactorDisabled: ({ userId }) => notifyByEmail(userId, "Two-factor sign-in was turned off") }
   * ```
   */
  twoFactorDisabled: (message: { userId: string }) => Awaitable<void>;
  /**
   * A user unlinked a provider account from the account page (`POST {basePath}/account/unlink`).
   * @example
   * ```ts
   * events: { unlinkAccount: ({ userId, account }) => audit("unlinked", userId, account.provider) }
   * ```
   */
  unlinkAccount: (message: {
    userId: string;
    account: { provider: string; type: string; providerAccountId: string };
  }) => Awaitable<void>;
  /**
   * A user renamed one of their passkeys; `credentialID` names it.
   * @example
   * ```ts
   * events: { passkeyRenamed: ({ userId, name }) => audit("passkey-renamed", userId, name) }
   * ```
   */
  passkeyRenamed: (message: { userId: string; credentialID: string; name: string }) => Awaitable<void>;
  /**
   * A user removed one of their passkeys: it signs no one in any more.
   * @example
   * ```ts
   * events: { passkeyRemoved: ({ userId }) => notifyByEmail(userId, "A passkey was removed from your account") }
   * ```
   */
  passkeyRemoved: (message: { userId: string; credentialID: string }) => Awaitable<void>;
  /**
   * A user signed out every other session of theirs (`POST {basePath}/sessions/revoke` with `others`, the account
   * page's button): `ended` sessions, the current one kept.
   * @example
   * ```ts
   * events: { otherSessionsEnded: ({ userId, ended }) => audit("signed-out-elsewhere", userId, ended) }
   * ```
   */
  otherSessionsEnded: (message: { userId: string; ended: number }) => Awaitable<void>;
  /**
   * A user revoked a trusted device: it is asked for the second factor again.
   * @example
   * ```ts
   * events: { trustedDeviceRevoked: ({ userId, id }) => audit("device-revoked", userId, id) }
   * ```
   */
  trustedDeviceRevoked: (message: { userId: string; id: string }) => Awaitable<void>;
  /**
   * A user deleted their account (`POST {basePath}/account/delete`): `user` is the record as it was.
   * @example
   * ```ts
   * events: { deleteUser: ({ user }) => purgeAppData(user.id) }
   * ```
   */
  deleteUser: (message: { user: User }) => Awaitable<void>;
  /**
   * A user changed their email address, after proving they read the new one: `from` is the previous address
   * (null when the user had none), `to` the new one. The previous address has been sent a notice already. The
   * message holds addresses, never the token: log it as it is.
   * @example
   * ```ts
   * events: { emailChanged: ({ userId, from, to }) => audit("email-changed", userId, { from, to }) }
   * ```
   */
  emailChanged: (message: { userId: string; from: string | null; to: string }) => Awaitable<void>;
  /**
   * A password sign-up was proven: the user opened the link mailed to the address, and can sign in with it.
   * @example
   * ```ts
   * events: { passwordSignUp: ({ user }) => welcome(user.email) }
   * ```
   */
  passwordSignUp: (message: { user: User }) => Awaitable<void>;
  /**
   * A reset link was mailed to a user who asked for one (unknown addresses send nothing and fire nothing).
   * @example
   * ```ts
   * events: { passwordResetRequested: ({ userId }) => audit("password-reset-asked", userId) }
   * ```
   */
  passwordResetRequested: (message: { userId: string }) => Awaitable<void>;
  /**
   * A user set a new password through a reset link; every session of theirs was ended.
   * @example
   * ```ts
   * events: { passwordReset: ({ userId }) => audit("password-reset", userId) }
   * ```
   */
  passwordReset: (message: { userId: string }) => Awaitable<void>;
  /**
   * A signed-in user changed their password; `otherSessionsEnded` says whether their other sessions were ended.
   * @example
   * ```ts
   * events: { passwordChanged: ({ userId }) => audit("password-changed", userId) }
   * ```
   */
  passwordChanged: (message: { userId: string; otherSessionsEnded: boolean }) => Awaitable<void>;
  /**
   * The adapter updated a user (an email address verified, for example).
   * @example
   * ```ts
   * events: { updateUser: ({ user }) => audit("user-updated", user.id) }
   * ```
   */
  updateUser: (message: { user: User }) => Awaitable<void>;
  /**
   * A provider account was linked to a user.
   * @example
   * ```ts
   * events: { linkAccount: ({ user, account }) => audit("linked", user.id, account.provider) }
   * ```
   */
  linkAccount: (message: { user: User | AdapterUser; account: Account; profile: User | AdapterUser }) => Awaitable<void>;
  /**
   * A session was read.
   * @example
   * ```ts
   * events: { session: ({ session }) => metrics.increment("session-read") }
   * ```
   */
  session: (message: { session: Session; token: JWT }) => Awaitable<void>;
}

/** The symbol that turns off the CSRF check. A symbol cannot arrive over HTTP, so it cannot be forged. */
export const skipCSRFCheck: unique symbol = Symbol.for("sekisho.skipCSRFCheck");

/** The configuration object an app passes to `createAuth`, `NextAuth` or `SvelteKitAuth`. */
export interface AuthConfig {
  /**
   * How users sign in: OAuth and OIDC providers, email, credentials, passkeys. Each is a provider module's
   * function called with its options, or a plain object of a provider's shape.
   * @example
   * ```ts
   * providers: [GitHub, Credentials({ authorize: checkPassword })]
   * ```
   */
  providers: Provider[];
  /**
   * Where users, accounts, sessions and verification tokens are stored: an adapter from
   * `sekisho/adapters/*` or any Auth.js adapter. Needed for database sessions, email sign-in and passkeys.
   * @default none: sessions are jwt, and users are not stored
   * @example
   * ```ts
   * adapter: PostgresAdapter(pool)
   * ```
   */
  adapter?: Adapter | ((config: AuthConfig) => Adapter);
  /**
   * Where second factors, backup codes, trusted devices and password hashes are kept, for an adapter that keeps
   * none itself: a published `@auth/*` adapter, whose tables sekisho does not change. Any sekisho adapter's
   * `userFactors` will do, on a database of its own; given with a sekisho adapter, it is used instead of the
   * adapter's own.
   * @default the adapter's own store (every sekisho adapter has one); none with another adapter
   * @example
   * ```ts
   * userFactors: SQLiteAdapter("file:auth-extra.db").userFactors
   * ```
   */
  userFactors?: UserFactorStore;
  /**
   * The path the routes are mounted under.
   * @default the path of AUTH_URL when it has one; otherwise `/auth` (`/api/auth` for Next.js)
   * @example
   * ```ts
   * basePath: "/api/auth"
   * ```
   */
  basePath?: string;
  /**
   * The secret that encrypts session tokens and signs the CSRF token and checks: a random string of at
   * least 32 characters. An array rotates secrets: the first signs, all are tried when reading.
   * @default the AUTH_SECRET environment variable (required in production)
   * @example
   * ```ts
   * secret: [process.env.AUTH_SECRET_NEW!, process.env.AUTH_SECRET_OLD!]
   * ```
   */
  secret?: string | string[];
  /**
   * How sessions are kept and how long they last.
   * @example
   * ```ts
   * session: { strategy: "jwt", maxAge: 7 * 24 * 60 * 60 }
   * ```
   */
  session?: Partial<SessionOptions>;
  /**
   * The session token under the jwt strategy: its lifetime and, rarely, its encoding.
   * @example
   * ```ts
   * jwt: { maxAge: 24 * 60 * 60 }
   * ```
   */
  jwt?: Partial<JWTOptions>;
  /**
   * The app's say in sign-in, redirects and what sessions and tokens hold.
   * @example
   * ```ts
   * callbacks: { session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.sub } }) }
   * ```
   */
  callbacks?: Partial<CallbacksOptions>;
  /**
   * Handlers told of sign-ins, sign-outs, new users and linked accounts, for audit logs and the like.
   * @example
   * ```ts
   * events: { signIn: ({ user }) => audit("sign-in", user.id) }
   * ```
   */
  events?: Partial<EventCallbacks>;
  /**
   * The app's own pages in place of the built-in sign-in, sign-out, error and "check your email" pages.
   * @example
   * ```ts
   * pages: { signIn: "/login", error: "/login" }
   * ```
   */
  pages?: PagesOptions;
  /**
   * Overrides of the cookies' names and attributes, by role (`sessionToken`, `csrfToken`, `callbackUrl`,
   * `state`, `nonce`, `pkceCodeVerifier`, `webauthnChallenge`, `emailOtp`, `providerAccounts`, `trustedDevice`).
   * @default Auth.js's names (`authjs.session-token`…), `__Secure-`/`__Host-` prefixed over https; httpOnly, SameSite=Lax
   * @example
   * ```ts
   * cookies: { sessionToken: { options: { domain: ".example.com" } } }
   * ```
   */
  cookies?: Partial<{ [K in CookieKind]: Partial<CookieOption> & { options?: CookieAttributes } }>;
  /**
   * Whether cookies are `Secure` and carry the `__Secure-` prefix.
   * @default true when the site's URL is https
   * @example
   * ```ts
   * useSecureCookies: true
   * ```
   */
  useSecureCookies?: boolean;
  /**
   * Whether the request's Host (and X-Forwarded-Host) header may be taken as the site's address. Set it
   * when a proxy you control sets those headers; or set AUTH_URL instead.
   * @default AUTH_TRUST_HOST when set; otherwise true on Vercel, which sets the forwarded headers itself, and false elsewhere
   * @example
   * ```ts
   * trustHost: true
   * ```
   */
  trustHost?: boolean;
  /**
   * The URL of one stable deployment that receives OAuth callbacks for preview deployments and forwards
   * each to the deployment that started the sign-in (see `redirectProxyAllowedOrigins`).
   * @default the AUTH_REDIRECT_PROXY_URL environment variable
   * @example
   * ```ts
   * redirectProxyUrl: "https://auth.example.com/api/auth"
   * ```
   */
  redirectProxyUrl?: string;
  /**
   * Where the deployment at `redirectProxyUrl` may forward a callback: the origins of the deployments that
   * sign in through it. Empty by default: it forwards nowhere.
   * @default []
   * @example
   * ```ts
   * redirectProxyAllowedOrigins: ["https://*.preview.example.com"]
   * ```
   */
  redirectProxyAllowedOrigins?: string[];
  /**
   * Origins that may show the built-in pages in a frame, exact or `https://*.example.com`: the pages' CSP
   * `frame-ancestors`. None by default, so no other site can frame them (clickjacking).
   * @default []
   * @example
   * ```ts
   * frameAncestors: ["https://app.example.com"]
   * ```
   */
  frameAncestors?: string[];
  /**
   * Logs debug lines (through `logger.debug`) about each request's steps; never secrets or tokens.
   * @default false
   * @example
   * ```ts
   * debug: process.env.NODE_ENV === "development"
   * ```
   */
  debug?: boolean;
  /**
   * Where sekisho reports errors, warnings and debug lines; each method left out goes to the console.
   * @default the console
   * @example
   * ```ts
   * logger: { error: (error) => Sentry.captureException(error) }
   * ```
   */
  logger?: Partial<LoggerInstance>;
  /**
   * How the built-in pages and emails look: colour scheme, logo and colours.
   * @default { colorScheme: "auto" }
   * @example
   * ```ts
   * theme: { logo: "/logo.svg", brandColor: "#0b6e4f" }
   * ```
   */
  theme?: Theme;
  /**
   * The language of the built-in pages and emails: a tag such as "ja", or a function of the request that
   * returns one (undefined: the best match for Accept-Language, which is also the default).
   * @default the best match for the request's Accept-Language
   * @example
   * ```ts
   * locale: (request) => new URL(request.url).searchParams.get("lang") ?? undefined
   * ```
   */
  locale?: LocaleOption;
  /**
   * Texts per language, laid over the built-in catalog text by text; a new tag adds a language.
   * @example
   * ```ts
   * messages: { en: { signIn: { heading: "Welcome back" } } }
   * ```
   */
  messages?: MessagesOption;
  /**
   * `skipCSRFCheck` (the exported symbol) turns off the CSRF check, for frameworks that check requests
   * themselves. Only the symbol does: no value from a request can.
   * @default the check is on
   * @example
   * ```ts
   * skipCSRFCheck: skipCSRFCheck
   * ```
   */
  skipCSRFCheck?: typeof skipCSRFCheck;
  /**
   * Features whose interface may still change; each is off until switched on here.
   * @example
   * ```ts
   * experimental: { enableWebAuthn: true }
   * ```
   */
  experimental?: {
    /**
     * Turns on WebAuthn (passkey) providers; without it, one in `providers` is refused at start-up.
     * @default false
     * @example
     * ```ts
     * experimental: { enableWebAuthn: true }
     * ```
     */
    enableWebAuthn?: boolean;
  };
  /**
   * Limits on what anonymous clients can repeat (password and code guesses, emails sent, passkey
   * ceremonies); on in production. `false` turns them off.
   * @default on when NODE_ENV is "production", with the adapter's store when it has one
   * @example
   * ```ts
   * rateLimit: { limits: { credentials: { perIdentifier: 5 } } }
   * ```
   */
  rateLimit?: false | RateLimitOptions;
  /**
   * Second factors: users may enroll TOTP (an authenticator app) with backup codes, and a user who has one gives
   * it after every first factor (credentials, OAuth and OIDC, email, passkeys without user verification).
   * Needs one of sekisho's adapters. Off unless set: the feature is a module of its own, so that apps without it
   * carry none of its code.
   * @default off
   * @example
   * ```ts
   * import { twoFactor } from "sekisho/two-factor";
   * // in the configuration:
   * twoFactor: twoFactor({ issuer: "Example", backupCodes: 12 })
   * ```
   */
  twoFactor?: TwoFactorFeatureRef;
  /**
   * The signed-in user's account: what counts as a recent sign-in for sensitive actions (unlinking a sign-in
   * method, removing a passkey, turning off a second factor, changing the email address, deleting the account,
   * and the app's own through `requireRecentSignIn`).
   * @example
   * ```ts
   * account: { recentSignIn: 300 }
   * ```
   */
  account?: AccountOptions;
}

/** The `account` option group. */
export interface AccountOptions {
  /**
   * How many seconds after the user last proved who they are (signing in, or a second factor) a sensitive action
   * is allowed; later, the user is asked to sign in again and comes back to the action.
   * @default 600
   * @example
   * ```ts
   * account: { recentSignIn: 300 }
   * ```
   */
  recentSignIn?: number;
}

/** Configuration, or a function of the request (absent in some contexts) returning it. */
export type AuthConfigInput = AuthConfig | ((request: Request | undefined) => Awaitable<AuthConfig>);

/** The configuration after defaults, environment inference and validation. Frozen. */
export interface ResolvedConfig {
  /** Parsed, each with its sign-in method: narrow by `type` to reach a type's fields. */
  providers: ParsedProvider[];
  adapter?: Adapter;
  /** The app's `userFactors` option; `userFactorsOf` (config/user-factors.ts) picks the store to use. */
  userFactors?: UserFactorStore;
  /** The adapter as the core calls it (`storeOf`), built once here. */
  store: Store;
  /** Where sessions are recorded and revocations kept (`chooseSessionRecords`), chosen once here. */
  sessionRecords: SessionRecords;
  basePath: string;
  /** Newest first. */
  secrets: string[];
  /** The origin from AUTH_URL, when set; otherwise the request's own origin is used. */
  envUrl?: URL;
  session: SessionOptions;
  /** The strategy `session.strategy` names; `strategyOf` (`session/strategy.ts`) turns it into what it does. */
  strategy: SessionStrategyRef;
  jwt: JWTOptions;
  callbacks: CallbacksOptions;
  events: Partial<EventCallbacks>;
  pages: PagesOptions;
  cookieOverrides: AuthConfig["cookies"];
  useSecureCookies?: boolean;
  trustHost: boolean;
  redirectProxyUrl?: string;
  /** Normalized origins, each exact or `scheme://*.domain`. */
  redirectProxyAllowedOrigins: string[];
  /** Normalized origins, each exact or `scheme://*.domain`; empty: no frame may show the pages. */
  frameAncestors: string[];
  debug: boolean;
  /** `NODE_ENV` is "production": the error page shows developers no hints. */
  production: boolean;
  logger: LoggerInstance;
  theme: Theme;
  locale?: LocaleOption;
  messages?: MessagesOption;
  skipCSRFCheck: boolean;
  experimental: { enableWebAuthn: boolean };
  rateLimit: ResolvedRateLimit;
  /** The `twoFactor` feature with its options checked; absent when second factors are off. */
  twoFactor?: ResolvedTwoFactor;
  account: Required<AccountOptions>;
  /** Per-instance caches: the built-in JWT codec's keys, OIDC discovery documents and JWKS. */
  runtime: Runtime;
}

/** A provider document as cached: its value (shared by concurrent callers), when it was fetched, and when a forced fetch last ran. */
export interface CachedDocument<T> {
  value: Promise<T>;
  fetchedAt: number;
  forcedAt?: number;
}

/** Keyed by URL. */
export type DocumentCache<T> = Map<string, CachedDocument<T>>;

export interface Runtime {
  /**
   * What the layers above keep for the instance's life, one key each (the built-in pages): made on first use,
   * so two instances never share it.
   */
  memo: Memo;
  codec: Pick<JWTOptions, "encode" | "decode">;
  /** Keyed by issuer or well-known URL. */
  discovery: DocumentCache<Record<string, unknown>>;
  /** Keyed by JWKS URL: jose's key lookup over the keys fetched. */
  jwks: DocumentCache<JWTVerifyGetKey>;
  /** Rate-limit counters for when no shared store is configured. */
  rateLimitStore: RateLimitStore;
}
