/** What a store's `increment` answers. */
export interface RateLimitCount {
  /** Hits in the open window, this one included. */
  count: number;
  /** When the window closes, in milliseconds since the epoch. */
  resetAt: number;
}

/**
 * Where rate-limit counters live (`rateLimit.store`). Each key counts hits in a window: the first hit after
 * the previous window closed opens a new one, `windowMs` long. An increment is one atomic step in the store,
 * so every instance that shares the store shares the limit.
 */
export interface RateLimitStore {
  /** Counts a hit on `key`. With `slide`, the window then closes `windowMs` after this hit rather than after its first. */
  increment(key: string, windowMs: number, slide?: boolean): Promise<RateLimitCount>;
  /** The hits in `key`'s open window; 0 when none is open. */
  peek(key: string): Promise<number>;
}

/**
 * sekisho's own adapters carry a store on their database, so limits hold across instances with no setup.
 * A type rather than an interface: adapters stay assignable to records.
 */
export type AdapterRateLimits = { rateLimits: RateLimitStore };

export function withRateLimits<A extends object>(adapter: A, rateLimits: RateLimitStore): A & AdapterRateLimits {
  return Object.assign(adapter, { rateLimits });
}

export function adapterStore(adapter: unknown): RateLimitStore | undefined {
  const store = (adapter as Partial<AdapterRateLimits> | undefined)?.rateLimits;
  return store && typeof store.increment === "function" && typeof store.peek === "function" ? store : undefined;
}
