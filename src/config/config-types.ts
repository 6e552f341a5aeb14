import type { Adapter } from "../adapters/adapter-contract.js";
import type { UserFactorStore } from "../adapters/user-factors/factor-store.js";
import type { LoggerInstance } from "../logger.js";
import type { LocaleOption } from "../messages/locale.js";
import type { MessagesOption } from "../messages/overrides.js";
import type { Awaitable } from "../shared-types.js";
import type { CallbacksOptions } from "./callbacks-options.js";
import type { CookieAttributes, CookieKind, CookieOption } from "./cookie-options.js";
import type { EventCallbacks } from "./event-callbacks.js";
import type { JWTOptions } from "./jwt-options.js";
import type { PagesOptions } from "./pages-options.js";
import type { Provider } from "./providers/provider-types.js";
import type { RateLimitOptions } from "../rate-limit/rate-limit-options.js";
import type { SessionOptions } from "./session-options.js";
import type { Theme } from "./theme-colors.js";
import type { TwoFactorFeatureRef } from "./two-factor-feature.js";

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
   * `state`, `nonce`, `pkceCodeVerifier`, `webauthnChallenge`, `emailOtp`, `providerAccounts`, `sessionProof`, `trustedDevice`).
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
