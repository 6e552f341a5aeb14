import { AdapterError } from "../configuration-errors.js";
import type { RateLimitCount, RateLimitStore } from "../adapters/rate-limit/rate-limit-store.js";

/** What is counted: each names a request an anonymous client can repeat. */
export type RateLimitRule =
  | "credentials"
  | "emailRequest"
  | "emailCode"
  | "webauthnOptions"
  | "webauthnVerify"
  | "backchannelLogout"
  | "twoFactor"
  | "accountChange"
  | "emailChange"
  | "password"
  | "passwordMail";

export interface RateLimitWindow {
  /** The window's length in seconds. */
  window: number;
  /** Requests per window from one client IP address; IPv6 clients count by their /64. */
  perIp: number;
  /** Requests per window for one identifier: an email address, a username, a credential ID. */
  perIdentifier: number;
}

/** The `rateLimit` option; `rateLimit: false` turns rate limiting off. */
export interface RateLimitOptions {
  /**
   * Whether the per-IP and per-identifier limits apply.
   * @default true when NODE_ENV is "production"
   * @example
   * ```ts
   * rateLimit: { enabled: true }
   * ```
   */
  enabled?: boolean;
  /**
   * Where counters live; shared by every instance of the app when it is a shared store.
   * @default the adapter's own store (sekisho's adapters), otherwise this process's memory
   * @example
   * ```ts
   * rateLimit: { store: { increment: (key, windowMs) => counters.hit(key, windowMs), peek: (key) => counters.count(key) } }
   * ```
   */
  store?: RateLimitStore;
  /**
   * The client's IP address for a request, for platforms sekisho cannot ask itself. Return undefined when it
   * is unknown: only the per-identifier limits then apply.
   * @default the framework's or the server's client address, where it has one
   * @example
   * ```ts
   * rateLimit: { clientIp: (request) => request.headers.get("cf-connecting-ip") }
   * ```
   */
  clientIp?: (request: Request) => string | null | undefined | Promise<string | null | undefined>;
  /**
   * Overrides per rule (`credentials`, `emailRequest`, `emailCode`, `webauthnOptions`, `webauthnVerify`,
   * `backchannelLogout`, `twoFactor`, `accountChange`, `emailChange`, `password`, `passwordMail`), each of `window`
   * (seconds), `perIp` and `perIdentifier`.
   * @default per rule, per IP / per identifier: credentials 50/10 in 15 minutes, emailRequest 20/5 and emailCode
   * 50/10 in an hour, webauthnOptions 60/10 and webauthnVerify 60/20 in 15 minutes, backchannelLogout 300/300 in 5
   * minutes, twoFactor 50/10, accountChange 100/30 and password 50/10 in 15 minutes, emailChange 20/5 and
   * passwordMail 20/5 in an hour
   * @example
   * ```ts
   * rateLimit: { limits: { credentials: { perIdentifier: 5 } } }
   * ```
   */
  limits?: Partial<Record<RateLimitRule, Partial<RateLimitWindow>>>;
}

export interface ResolvedRateLimit {
  /** The per-IP and per-identifier limits. One-time codes keep their per-address limits even when this is false. */
  enabled: boolean;
  store: RateLimitStore;
  /** True when no shared store was found, so each process counts alone. */
  memoryFallback: boolean;
  clientIp?: RateLimitOptions["clientIp"];
  limits: Readonly<Record<RateLimitRule, RateLimitWindow>>;
}

const minute = 60;

export const defaultLimits: Readonly<Record<RateLimitRule, RateLimitWindow>> = {
  credentials: { window: 15 * minute, perIp: 50, perIdentifier: 10 },
  emailRequest: { window: 60 * minute, perIp: 20, perIdentifier: 5 },
  emailCode: { window: 60 * minute, perIp: 50, perIdentifier: 10 },
  webauthnOptions: { window: 15 * minute, perIp: 60, perIdentifier: 10 },
  webauthnVerify: { window: 15 * minute, perIp: 60, perIdentifier: 20 },
  // an identity provider's servers send one per session it ends: generous per address, and no identifier
  backchannelLogout: { window: 5 * minute, perIp: 300, perIdentifier: 300 },
  // second-factor codes, per address and per user; counted even with rate limits off, like email codes
  twoFactor: { window: 15 * minute, perIp: 50, perIdentifier: 10 },
  // the account page's changes (unlink, passkeys, trusted devices, deleting), per address and per user
  accountChange: { window: 15 * minute, perIp: 100, perIdentifier: 30 },
  // requests to change the email address, per address, per user and per mailbox mailed; counted even with rate
  // limits off, since each one sends a mail
  emailChange: { window: 60 * minute, perIp: 20, perIdentifier: 5 },
  // password tries (sign-in, change, reset), per address and per account
  password: { window: 15 * minute, perIp: 50, perIdentifier: 10 },
  // sign-up and reset mails, per address and per mailbox; counted even with rate limits off
  passwordMail: { window: 60 * minute, perIp: 20, perIdentifier: 5 },
};

function checkedLimits(overrides: RateLimitOptions["limits"] = {}): Record<RateLimitRule, RateLimitWindow> {
  const limits = { ...defaultLimits };
  for (const [rule, override] of Object.entries(overrides)) {
    if (!(rule in defaultLimits)) {
      throw new TypeError(`rateLimit.limits.${rule} is not a rule. Use one of: ${Object.keys(defaultLimits).join(", ")}.`);
    }
    const merged = { ...defaultLimits[rule as RateLimitRule], ...override };
    for (const [field, value] of Object.entries(merged)) {
      if (!Number.isInteger(value) || value < 1) {
        throw new TypeError(`rateLimit.limits.${rule}.${field} must be a whole number ≥ 1; got ${String(value)}.`);
      }
    }
    limits[rule as RateLimitRule] = merged;
  }
  return limits;
}

/** A count or time the store gave as a number (or its digits); anything else is NaN. */
function numberOf(value: unknown): number {
  return typeof value === "number" || typeof value === "string" || typeof value === "bigint" ? Number(value) : Number.NaN;
}

/**
 * A store whose failures say what to check; the request then fails closed, as any failed check does. A count
 * that is no number is a failure too: it compares as NaN, never over a limit.
 */
function explained(store: RateLimitStore): RateLimitStore {
  const failed = (error: unknown): never => {
    throw new AdapterError(
      "The rate-limit store failed. With a SQL adapter, apply the migrations (`npx sekisho migrate`), which create the sekisho_rate_limits table.",
      { err: error as Error },
    );
  };
  const counted = (result: Partial<RateLimitCount> | undefined): RateLimitCount => {
    const count = numberOf(result?.count);
    const resetAt = numberOf(result?.resetAt);
    if (Number.isFinite(count) && Number.isFinite(resetAt)) return { count, resetAt };
    return failed(new TypeError("rateLimit.store.increment must resolve to { count, resetAt }, both numbers."));
  };
  return {
    increment: (key, windowMs, slide) => store.increment(key, windowMs, slide).then(counted, failed),
    peek: (key) => store.peek(key).catch(failed),
  };
}

/** The rate limits in force: on in production unless turned off, counted in the configured, the adapter's or a memory store. */
export function resolveRateLimit(
  input: false | RateLimitOptions | undefined,
  adapterCounters: RateLimitStore | undefined,
  production: boolean,
  memoryStore: RateLimitStore,
): ResolvedRateLimit {
  const options = input === false ? { enabled: false } : (input ?? {});
  if (typeof options !== "object")
    throw new TypeError("rateLimit must be false or an object, e.g. `rateLimit: { enabled: true }`.");
  if (options.clientIp !== undefined && typeof options.clientIp !== "function") {
    throw new TypeError("rateLimit.clientIp must be a function of the request returning its client's IP address.");
  }
  const shared = options.store ?? adapterCounters;
  return {
    enabled: options.enabled ?? production,
    store: shared ? explained(shared) : memoryStore,
    memoryFallback: !shared,
    clientIp: options.clientIp,
    limits: Object.freeze(checkedLimits(options.limits)),
  };
}
