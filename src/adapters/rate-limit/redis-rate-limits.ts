import type { Redis } from "ioredis";
import type { RateLimitStore } from "./rate-limit-store.js";

/**
 * KEYS[1]: the counter. ARGV[1]: the window in ms; ARGV[2]: "1" to slide the window to this hit.
 * A counter without an expiry (the first hit, or one left by a failed run) gets the window's.
 * Returns the count and the milliseconds until the window closes.
 */
const incrementScript = `
local hits = redis.call("INCR", KEYS[1])
local ttl = redis.call("PTTL", KEYS[1])
if hits == 1 or ttl < 0 or ARGV[2] == "1" then
  redis.call("PEXPIRE", KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

/** Rate-limit counters in Redis: INCR and PEXPIRE in one script, so the count and its window move together. */
export function redisRateLimitStore(client: Redis, prefix: string): RateLimitStore {
  const keyOf = (key: string) => `${prefix}rate-limit:${key}`;
  return {
    async increment(key, windowMs, slide = false) {
      const [count, ttl] = (await client.eval(incrementScript, 1, keyOf(key), windowMs, slide ? "1" : "0")) as [number, number];
      return { count, resetAt: Date.now() + ttl };
    },
    async peek(key) {
      return Number((await client.get(keyOf(key))) ?? 0);
    },
  };
}
