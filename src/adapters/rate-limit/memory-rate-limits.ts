import type { RateLimitCount, RateLimitStore } from "./rate-limit-store.js";

/** Closed windows are swept out when the map reaches this size, then each time it has doubled since. */
const firstSweep = 10_000;

/**
 * Counters in this process only: right for one instance and for tests. Several instances each count
 * on their own, so a limit of N becomes N per instance; give them a store on a shared database instead.
 */
export function memoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, RateLimitCount>();
  let sweepAt = firstSweep;

  function sweep(at: number) {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    sweepAt = Math.max(firstSweep, windows.size * 2);
  }

  return {
    async increment(key, windowMs, slide = false) {
      const at = now();
      const open = windows.get(key);
      if (!open || open.resetAt <= at) {
        if (windows.size >= sweepAt) sweep(at);
        const opened = { count: 1, resetAt: at + windowMs };
        windows.set(key, opened);
        return { ...opened };
      }
      open.count += 1;
      if (slide) open.resetAt = at + windowMs;
      return { ...open };
    },
    async peek(key) {
      const open = windows.get(key);
      return open && open.resetAt > now() ? open.count : 0;
    },
  };
}
