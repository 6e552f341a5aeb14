import { AuthError } from "./errors.js";

/** Where sekisho reports: errors in full, warnings by code, and debug lines (only when debug is on). */
export interface LoggerInstance {
  /**
   * A failure, in full (an `AuthError` with its `type` and `cause`), whatever the user was shown.
   * @default writes the error, its cause and stack to console.error
   * @example
   * ```ts
   * logger: { error: (error) => Sentry.captureException(error) }
   * ```
   */
  error: (error: Error) => void;
  /**
   * A warning about the configuration or the deployment, by code (each said once per instance); `detail`
   * names what it is about where a code alone cannot (e.g. which providers).
   * @default writes the code and its explanation to console.warn
   * @example
   * ```ts
   * logger: { warn: (code) => log.warn({ code }, "sekisho") }
   * ```
   */
  warn: (code: WarningCode, detail?: string) => void;
  /**
   * A step of a request, only when `debug` is on; secrets and tokens are left out of `metadata`.
   * @default writes to console.debug
   * @example
   * ```ts
   * logger: { debug: (message, metadata) => log.debug({ metadata }, message) }
   * ```
   */
  debug: (message: string, metadata?: unknown) => void;
}

/** The warnings `logger.warn` receives, each about the configuration or the deployment; the default logger explains each. */
export type WarningCode =
  | "debug-enabled"
  | "csrf-disabled"
  | "env-url-basepath-redundant"
  | "env-url-basepath-mismatch"
  | "experimental-webauthn"
  | "missing-secret"
  | "missing-client-credentials"
  | "credentials-database-default"
  | "rate-limited"
  | "rate-limit-memory-store"
  | "rate-limit-no-address"
  | "end-session-unsupported"
  | "provider-tokens-not-saved"
  | "provider-tokens-unreachable"
  | "account-page-limited"
  | "imported-hash-too-costly";

const secretKey = /secret|token|password|passwd|verifier|nonce|code|cookie|authorization|otp|key|assertion|credential/i;
const secretValue = /^(eyJ|[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{10,})/;

/** A copy of `value` safe for a log line: token-like keys and JWT/JWE-like strings are replaced. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 4) return "[…]";
  if (typeof value === "string") return secretValue.test(value) ? "[redacted]" : value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value instanceof Date || value instanceof URL) return String(value);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = secretKey.test(key) ? "[redacted]" : redact(item, depth + 1);
    }
    return out;
  }
  return value;
}

const warnings: Record<WarningCode, string> = {
  "debug-enabled": "debug is on: debug output can include personal data. Turn `debug` off in production.",
  "csrf-disabled": "skipCSRFCheck is set in the configuration: CSRF protection is off for every route.",
  "env-url-basepath-redundant": "basePath repeats the path of AUTH_URL; set one of them.",
  "env-url-basepath-mismatch": "basePath differs from the path of AUTH_URL; the basePath option wins. Make them agree.",
  "experimental-webauthn": "WebAuthn is experimental: its API may change in a later release.",
  "missing-secret":
    "No AUTH_SECRET is set, so a random secret is used and sessions end when the process restarts. Set AUTH_SECRET.",
  "missing-client-credentials":
    "An OAuth provider has no client id or secret, so signing in with it fails at the provider (with no client id, the browser is sent there with an empty `client_id`).",
  "credentials-database-default":
    'A Credentials provider with an `adapter` and no `session.strategy`: sessions are database sessions, so `authorize` must return a user stored in the adapter\'s users table. Set `session: { strategy: "jwt" }` to keep credentials sessions in a cookie, or set `session: { strategy: "database" }` when `authorize` returns stored users.',
  "rate-limited": "A client went over a rate limit; its requests are refused until the window ends.",
  "rate-limit-memory-store":
    "Rate limits are counted in this process's memory: each instance counts alone. Use one of sekisho's adapters, or set `rateLimit.store`.",
  "rate-limit-no-address":
    "Per-address rate limits count nothing: sekisho is told no client IP address here (Next.js shows it no connection), so only the per-username and per-email limits apply. Behind a proxy that appends the client's address to X-Forwarded-For, set AUTH_TRUST_HOST=true (or `trustHost: true`); otherwise pass `rateLimit.clientIp`.",
  "end-session-unsupported":
    "A provider with `endSession: true` names no end_session_endpoint in its discovery document (or could not be asked), so sign-out ended the session here only.",
  "provider-tokens-not-saved":
    "getAccessToken refreshed a provider's tokens where cookies cannot be set (a Next.js server component), so the browser keeps the session with the replaced refresh token. Call it in a route handler or server action, or use the database strategy.",
  "provider-tokens-unreachable":
    "getAccessToken gives null: under the database strategy it reads the account row by `getAccount(providerAccountId, provider)`, which this adapter lacks (e.g. @auth/pg-adapter). Use an adapter that has it (e.g. a newer @auth/prisma-adapter or @auth/drizzle-adapter), sekisho's own adapter for the same tables, or the jwt strategy with `storeTokensInSession`.",
  "account-page-limited":
    'The account page ({basePath}/account) cannot do everything with this adapter (one written for Auth.js): without `listUserAccounts` it lists no linked accounts and unlinks none, and without `deleteUserAuthenticator` (with a WebAuthn provider configured) it removes no passkey. sekisho\'s own adapters (sekisho/adapters/*) have both; docs/migration.md, "Published adapters", says what else differs.',
  "imported-hash-too-costly":
    "A stored password hash asks for more than sekisho runs (argon2 above m=262144 KiB, t=10 or p=64), so it was not checked and the password was refused as a wrong one would be. The row was stored without importPasswordHash, which refuses such hashes; its user can set a new password with the reset link.",
};

function describe(error: Error): string {
  const type = error instanceof AuthError ? error.type : error.name;
  const lines = [`[sekisho][error] ${type}: ${error.message}`];
  let cause = (error.cause as { err?: unknown } | undefined)?.err ?? (error instanceof AuthError ? undefined : error.cause);
  for (let depth = 0; cause instanceof Error && depth < 3; depth++) {
    lines.push(`  caused by ${cause.name}: ${cause.message}`);
    cause = (cause.cause as { err?: unknown } | undefined)?.err ?? cause.cause;
  }
  return lines.join("\n");
}

/** The logger in force: the user's overrides over console output; `debug` lines only when debug is on. */
export function createLogger(overrides: Partial<LoggerInstance> = {}, debug = false): LoggerInstance {
  return {
    error: (error) => (overrides.error ? overrides.error(error) : console.error(describe(error))),
    warn: (code, detail) => {
      if (overrides.warn) return detail === undefined ? overrides.warn(code) : overrides.warn(code, detail);
      console.warn(`[sekisho][warn][${code}] ${warnings[code] ?? ""}${detail ? ` ${detail}` : ""}`);
    },
    debug: (message, metadata) => {
      if (!debug) return;
      const safe = metadata === undefined ? undefined : redact(metadata);
      if (overrides.debug) overrides.debug(message, safe);
      else console.debug(`[sekisho][debug] ${message}`, safe ?? "");
    },
  };
}
