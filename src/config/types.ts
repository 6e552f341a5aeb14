import type { Adapter, AdapterSession, AdapterUser } from "../adapters/types.js";
import type { LocaleOption } from "../messages/locale.js";
import type { MessagesOption } from "../messages/overrides.js";
import type { LoggerInstance } from "../logger.js";
import type { Memo } from "../memo.js";
import type { ParsedProvider, Provider } from "./providers/types.js";
import type { RateLimitOptions, ResolvedRateLimit } from "./rate-limit.js";
import type { RateLimitStore } from "../adapters/rate-limit/store.js";
import type { Account, AppDefined, Awaitable, JWT, Profile, Session, User } from "../types.js";
import type { JWTVerifyGetKey } from "jose";
import type { Theme } from "./theme.js";

export type { Theme };

export interface PagesOptions {
  signIn?: string;
  signOut?: string;
  error?: string;
  verifyRequest?: string;
  newUser?: string;
  /** sekisho's own: the app's page listing the user's sessions, instead of the built-in one at `{basePath}/sessions`. */
  sessions?: string;
}

export interface CookieOption {
  name: string;
  options: CookieAttributes;
}

export interface CookieAttributes {
  httpOnly?: boolean;
  sameSite?: "lax" | "strict" | "none";
  path?: string;
  secure?: boolean;
  domain?: string;
  maxAge?: number;
  expires?: Date;
}

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
  | "providerAccounts";

export type CookiesOptions = Record<CookieKind, CookieOption>;

export interface JWTEncodeParams<Payload = JWT> {
  token?: Payload;
  secret: string | string[];
  salt: string;
  maxAge?: number;
}

export interface JWTDecodeParams {
  token?: string;
  secret: string | string[];
  salt: string;
}

export interface JWTOptions {
  maxAge: number;
  encode: (params: JWTEncodeParams) => Awaitable<string>;
  decode: (params: JWTDecodeParams) => Awaitable<JWT | null>;
}

export type SessionStrategy = "jwt" | "database";

export interface SessionOptions {
  strategy: SessionStrategy;
  maxAge: number;
  updateAge: number;
  generateSessionToken: () => string;
  /**
   * jwt strategy: how many seconds an instance may go without reading new revocations from the adapter
   * (default 10). A revoked session is refused within this time everywhere, with no read per request.
   */
  revocationCheckInterval: number;
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

export interface CallbacksOptions {
  signIn: (params: {
    user: User | AdapterUser;
    account: Account | null;
    profile?: Profile;
    email?: { verificationRequest?: boolean };
    credentials?: Record<string, unknown>;
  }) => Awaitable<boolean | string>;
  redirect: (params: { url: string; baseUrl: string }) => Awaitable<string>;
  session: (params: {
    /** Under the database strategy, as in @auth/core, also the stored session row (`expires` a Date) and the full user. */
    session: Session & AdapterSession & { user: AdapterUser };
    token: JWT;
    user: AdapterUser;
    newSession?: unknown;
    trigger?: "update";
  }) => Awaitable<Session | Record<string, unknown>>;
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
  authorized?: (params: { auth: Session | null; request: Request }) => unknown;
}

export interface EventCallbacks {
  signIn: (message: { user: User; account?: Account | null; profile?: Profile; isNewUser?: boolean }) => Awaitable<void>;
  /** `session` is what the adapter's deleteSession returned: the deleted session, or nothing. */
  signOut: (
    message: { session: Awaited<ReturnType<NonNullable<Adapter["deleteSession"]>>> | null } | { token: JWT | null },
  ) => Awaitable<void>;
  createUser: (message: { user: User }) => Awaitable<void>;
  updateUser: (message: { user: User }) => Awaitable<void>;
  linkAccount: (message: { user: User | AdapterUser; account: Account; profile: User | AdapterUser }) => Awaitable<void>;
  session: (message: { session: Session; token: JWT }) => Awaitable<void>;
}

/** The symbol that turns off the CSRF check. A symbol cannot arrive over HTTP, so it cannot be forged. */
export const skipCSRFCheck: unique symbol = Symbol.for("sekisho.skipCSRFCheck");

/** The configuration object an app passes to `createAuth` (spec: "Configuration object"). */
export interface AuthConfig {
  providers: Provider[];
  adapter?: Adapter | ((config: AuthConfig) => Adapter);
  basePath?: string;
  secret?: string | string[];
  session?: Partial<SessionOptions>;
  jwt?: Partial<JWTOptions>;
  callbacks?: Partial<CallbacksOptions>;
  events?: Partial<EventCallbacks>;
  pages?: PagesOptions;
  cookies?: Partial<{ [K in CookieKind]: Partial<CookieOption> & { options?: CookieAttributes } }>;
  useSecureCookies?: boolean;
  trustHost?: boolean;
  redirectProxyUrl?: string;
  /**
   * Where the deployment at `redirectProxyUrl` may forward a callback: the origins of the deployments that
   * sign in through it, e.g. `["https://*.preview.example.com"]`. Empty by default: it forwards nowhere.
   */
  redirectProxyAllowedOrigins?: string[];
  /**
   * Origins that may show the built-in pages in a frame, exact or `https://*.example.com`: the pages' CSP
   * `frame-ancestors`. None by default, so no other site can frame them (clickjacking).
   */
  frameAncestors?: string[];
  debug?: boolean;
  logger?: Partial<LoggerInstance>;
  theme?: Theme;
  /**
   * The language of the built-in pages and emails: a tag such as "ja", or a function of the request that
   * returns one (undefined: the best match for Accept-Language, which is also the default).
   */
  locale?: LocaleOption;
  /** Texts per language, laid over the built-in catalog text by text; a new tag adds a language. */
  messages?: MessagesOption;
  skipCSRFCheck?: typeof skipCSRFCheck;
  experimental?: { enableWebAuthn?: boolean };
  /** Limits on what anonymous clients can repeat; on in production. `false` turns them off. */
  rateLimit?: false | RateLimitOptions;
}

/** Configuration, or a function of the request (absent in some contexts) returning it. */
export type AuthConfigInput = AuthConfig | ((request: Request | undefined) => Awaitable<AuthConfig>);

/** The configuration after defaults, environment inference and validation. Frozen. */
export interface ResolvedConfig {
  /** Parsed, each with its sign-in method: narrow by `type` to reach a type's fields. */
  providers: ParsedProvider[];
  adapter?: Adapter;
  basePath: string;
  /** Newest first. */
  secrets: string[];
  /** The origin from AUTH_URL, when set; otherwise the request's own origin is used. */
  envUrl?: URL;
  session: SessionOptions;
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
  logger: LoggerInstance;
  theme: Theme;
  locale?: LocaleOption;
  messages?: MessagesOption;
  skipCSRFCheck: boolean;
  experimental: { enableWebAuthn: boolean };
  rateLimit: ResolvedRateLimit;
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
