import { counterKey } from "../config/counter-key.js";
import { RateLimited } from "../sign-in-errors.js";
import type { AuthContext } from "../http/context.js";
import type { RateLimitRule } from "./rate-limit-options.js";

/** The values a request counts under; a bucket whose value is unknown is not counted. */
export interface Buckets {
  /** The client's address bucket (see `clientAddress`). */
  ip?: string;
  /** An email address, username or credential ID. */
  identifier?: string;
}

/**
 * Counts this request in each known bucket of `rule`, and raises RateLimited when one is over its limit.
 * The first request over a limit in a window is logged as a warning; the next ones are only refused.
 */
export async function consume(ctx: AuthContext, rule: RateLimitRule, buckets: Buckets): Promise<void> {
  const { store, limits } = ctx.config.rateLimit;
  const limit = limits[rule];
  const counted = Object.entries(buckets).filter((entry): entry is [keyof Buckets, string] => Boolean(entry[1]));
  const results = await Promise.all(
    counted.map(async ([by, value]) => {
      const max = by === "ip" ? limit.perIp : limit.perIdentifier;
      return { by, max, ...(await store.increment(await counterKey(ctx.config, `${rule}:${by}`, value), limit.window * 1000)) };
    }),
  );
  const over = results.filter((result) => result.count > result.max);
  if (over.length === 0) return;
  if (over.some((result) => result.count === result.max + 1)) ctx.config.logger.warn("rate-limited");
  ctx.config.logger.debug(`rate limit ${rule} reached`, { buckets: over.map((result) => result.by) });
  const retryAfter = Math.max(...over.map((result) => Math.ceil((result.resetAt - Date.now()) / 1000)), 1);
  throw new RateLimited(`Too many ${rule} requests; retry in ${retryAfter} s.`, retryAfter);
}
