import type { Adapter } from "../adapters/adapter-contract.js";
import { createLogger, type WarningCode } from "../logger.js";
import { resolveAbsoluteMaxAge } from "./absolute-max-age.js";
import { withSignInMethod } from "./providers/attach-method.js";
import { parseProvider } from "./providers/parse.js";
import { signInMethod, type SignInMethods } from "./providers/provider-types.js";
import type { SessionStrategies } from "./session-strategy.js";
import { adapterUserFactors } from "../adapters/user-factors/factor-store.js";
import { resolveTwoFactor } from "./two-factor-feature.js";
import { UnsupportedStrategy } from "../configuration-errors.js";
import { resolveRateLimit } from "../rate-limit/rate-limit-options.js";
import { buildStore, chooseSessionRecords } from "./store.js";
import {
  defaultCallbacks,
  defaultMaxAge,
  defaultRecentSignIn,
  defaultRevocationCheckInterval,
  defaultUpdateAge,
  generateSessionToken,
} from "./defaults.js";
import { envFlag, isProduction, platformSetsForwardedHeaders, type Env } from "./env-vars.js";
import { parseOriginPatterns } from "./origin-patterns.js";
import { validateConfig } from "./validate.js";
import { accessTokensUnreachable } from "./access-token-reach.js";
import { accountPageLimited } from "./account-page-reach.js";
import { warnOnce } from "./warn-once.js";
import { missingClientCredentials } from "./client-credentials.js";
import { type AuthConfig, skipCSRFCheck } from "./config-types.js";
import type { ResolvedConfig, Runtime } from "./resolved-config.js";

export interface ResolveOptions {
  env: Env;
  /** `/api/auth` for Next.js, `/auth` elsewhere. */
  defaultBasePath: string;
  /** The instance's caches, shared by every configuration it resolves. */
  runtime: Runtime;
  /** The sign-in methods of providers written as plain objects, by type; a provider module brings its own. */
  methods: SignInMethods;
  /** The session strategies by name: the configuration keeps the one `session.strategy` names. */
  strategies: SessionStrategies;
  /** Used only outside production when no secret is configured. */
  developmentSecret: () => string;
  /**
   * The warnings the instance has logged. Each is logged once per instance: a lazy configuration is
   * resolved on every request, and the same advice on every request drowns the log.
   */
  warned: Set<WarningCode>;
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

function envSecrets(env: Env): string[] {
  return [env.AUTH_SECRET ?? env.NEXTAUTH_SECRET, env.AUTH_SECRET_1, env.AUTH_SECRET_2, env.AUTH_SECRET_3].filter(
    (s): s is string => typeof s === "string" && s.length > 0,
  );
}

function parseEnvUrl(env: Env): URL | undefined {
  const raw = env.AUTH_URL ?? env.NEXTAUTH_URL;
  if (!raw) return undefined;
  if (!URL.canParse(raw))
    throw new TypeError(`AUTH_URL is not a valid URL: "${raw}". Set it to the site's URL, e.g. https://example.com.`);
  return new URL(raw);
}

/** `{ [key]: value }`, or nothing when the value is undefined: an option that is off leaves no key behind. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** Builds the frozen configuration from the defaults, the environment and the user's options, then validates it. */
export function resolveConfig(input: AuthConfig, options: ResolveOptions): ResolvedConfig {
  if (!input || typeof input !== "object")
    throw new TypeError("createAuth needs a configuration object, or a function returning one.");
  if (!Array.isArray(input.providers)) throw new TypeError("`providers` must be an array, e.g. `providers: [GitHub]`.");
  const { env } = options;
  const production = isProduction(env);
  const envUrl = parseEnvUrl(env);
  const warnings: Parameters<ResolvedConfig["logger"]["warn"]>[0][] = [];

  const envPath = envUrl && envUrl.pathname !== "/" ? trimSlash(envUrl.pathname) : undefined;
  if (input.basePath && envPath)
    warnings.push(input.basePath === envPath ? "env-url-basepath-redundant" : "env-url-basepath-mismatch");
  const basePath = trimSlash(input.basePath ?? envPath ?? options.defaultBasePath);

  const configured = input.secret === undefined ? envSecrets(env) : [input.secret].flat().filter(Boolean);
  const secrets = configured.length || production ? configured : [options.developmentSecret()];

  const adapter: Adapter | undefined = typeof input.adapter === "function" ? input.adapter(input) : input.adapter;
  const store = buildStore(adapter);
  const maxAge = input.session?.maxAge ?? defaultMaxAge;
  const strategy = input.session?.strategy ?? (adapter ? "database" : "jwt");
  const jwtMaxAge = input.jwt?.maxAge ?? maxAge;
  const chosen = Object.hasOwn(options.strategies, strategy) ? options.strategies[strategy] : undefined;
  if (!chosen) throw new UnsupportedStrategy(`session.strategy is "${strategy}". Use "jwt" or "database".`);
  const debug = input.debug ?? false;
  const logger = createLogger(input.logger, debug);

  const config: ResolvedConfig = {
    providers: input.providers.map((p) => withSignInMethod(parseProvider(p, env), options.methods)),
    adapter,
    userFactors: input.userFactors,
    store,
    sessionRecords: chooseSessionRecords(store, options.runtime.memo, secrets),
    basePath,
    secrets,
    envUrl,
    session: {
      strategy,
      maxAge,
      updateAge: input.session?.updateAge ?? defaultUpdateAge,
      generateSessionToken: input.session?.generateSessionToken ?? generateSessionToken,
      revocationCheckInterval: input.session?.revocationCheckInterval ?? defaultRevocationCheckInterval,
      acceptNextAuthV4: input.session?.acceptNextAuthV4 ?? false,
      absoluteMaxAge: resolveAbsoluteMaxAge(
        input.session?.absoluteMaxAge,
        chosen,
        chosen.issueMaxAge({ session: maxAge, jwt: jwtMaxAge }),
        store,
      ),
    },
    strategy: chosen,
    jwt: {
      maxAge: jwtMaxAge,
      encode: input.jwt?.encode ?? options.runtime.codec.encode,
      decode: input.jwt?.decode ?? options.runtime.codec.decode,
    },
    callbacks: { ...defaultCallbacks, ...input.callbacks },
    events: { ...input.events },
    pages: { ...input.pages },
    cookieOverrides: input.cookies,
    useSecureCookies: input.useSecureCookies,
    trustHost: input.trustHost ?? envFlag(env.AUTH_TRUST_HOST) ?? platformSetsForwardedHeaders(env),
    redirectProxyUrl: input.redirectProxyUrl ?? env.AUTH_REDIRECT_PROXY_URL,
    redirectProxyAllowedOrigins: parseOriginPatterns(input.redirectProxyAllowedOrigins ?? [], "redirectProxyAllowedOrigins"),
    frameAncestors: parseOriginPatterns(input.frameAncestors ?? [], "frameAncestors"),
    debug,
    production,
    logger,
    theme: { colorScheme: "auto", ...input.theme },
    locale: input.locale,
    messages: input.messages,
    skipCSRFCheck: input.skipCSRFCheck === skipCSRFCheck,
    experimental: { enableWebAuthn: input.experimental?.enableWebAuthn ?? false },
    rateLimit: resolveRateLimit(input.rateLimit, store.counters, production, options.runtime.rateLimitStore),
    account: { recentSignIn: input.account?.recentSignIn ?? defaultRecentSignIn },
    ...optional("twoFactor", resolveTwoFactor(input.twoFactor, input.userFactors ?? adapterUserFactors(adapter))),
    runtime: options.runtime,
  };
  validateConfig(config, production);

  if (debug) warnings.push("debug-enabled");
  if (config.skipCSRFCheck) warnings.push("csrf-disabled");
  if (config.experimental.enableWebAuthn) warnings.push("experimental-webauthn");
  if (!configured.length && !production) warnings.push("missing-secret");
  if (
    adapter &&
    !input.session?.strategy &&
    config.providers.some((p) => p.type === "credentials" && !p[signInMethod]?.ownsUsers)
  )
    warnings.push("credentials-database-default");
  if (config.rateLimit.enabled && config.rateLimit.memoryFallback) warnings.push("rate-limit-memory-store");
  if (adapter && accountPageLimited(config)) warnings.push("account-page-limited");
  for (const code of warnings) {
    if (options.warned.has(code)) continue;
    options.warned.add(code);
    logger.warn(code);
  }
  const missingClients = missingClientCredentials(config.providers);
  if (missingClients.length && !options.warned.has("missing-client-credentials")) {
    options.warned.add("missing-client-credentials");
    logger.warn("missing-client-credentials", missingClients.join(" "));
  }
  // also met at the first getAccessToken call, which must not say it again
  if (accessTokensUnreachable(config)) warnOnce(options.runtime, logger, "provider-tokens-unreachable");
  return Object.freeze(config);
}
