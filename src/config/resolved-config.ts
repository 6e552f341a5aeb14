import type { Adapter } from "../adapters/adapter-contract.js";
import type { RateLimitStore } from "../adapters/rate-limit/rate-limit-store.js";
import type { UserFactorStore } from "../adapters/user-factors/factor-store.js";
import type { LoggerInstance } from "../logger.js";
import type { Memo } from "../memo.js";
import type { LocaleOption } from "../messages/locale.js";
import type { MessagesOption } from "../messages/overrides.js";
import type { CallbacksOptions } from "./callbacks-options.js";
import type { AccountOptions, AuthConfig } from "./config-types.js";
import type { EventCallbacks } from "./event-callbacks.js";
import type { JWTOptions } from "./jwt-options.js";
import type { PagesOptions } from "./pages-options.js";
import type { ParsedProvider } from "./providers/provider-types.js";
import type { ResolvedRateLimit } from "../rate-limit/rate-limit-options.js";
import type { SessionOptions } from "./session-options.js";
import type { SessionStrategyRef } from "./session-strategy.js";
import type { SessionRecords, Store } from "./store.js";
import type { Theme } from "./theme-colors.js";
import type { ResolvedTwoFactor } from "./two-factor-feature.js";
import type { JWTVerifyGetKey } from "jose";

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
