/** Timing primitives: sequential and concurrent runs, percentiles, and a count of crypto calls. */

export interface RunStats {
  opsPerSecond: number;
  p50: number;
  p99: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function stats(durations: number[], elapsed: number): RunStats {
  const sorted = [...durations].sort((a, b) => a - b);
  return { opsPerSecond: (durations.length / elapsed) * 1000, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/**
 * Calls `run` until it has run `iterations` times and for `ms` milliseconds, so both libraries reach their
 * optimized code before they are timed: a fixed count warms a fast subject for a fraction of the time it
 * warms a slow one.
 */
export async function warmUp(run: () => Promise<unknown>, iterations: number, ms: number): Promise<void> {
  const start = performance.now();
  for (let i = 0; i < iterations || performance.now() - start < ms; i++) await run();
}

/** `iterations` calls one after another; latencies in milliseconds. */
export async function sequential(run: () => Promise<unknown>, iterations: number): Promise<RunStats> {
  const durations: number[] = [];
  const start = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await run();
    durations.push(performance.now() - t);
  }
  return stats(durations, performance.now() - start);
}

/** `iterations` calls with `concurrency` in flight at any time. */
export async function concurrent(run: () => Promise<unknown>, iterations: number, concurrency: number): Promise<RunStats> {
  const durations: number[] = [];
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < iterations) {
      next++;
      const t = performance.now();
      await run();
      durations.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return stats(durations, performance.now() - start);
}

const subtleMethods = ["encrypt", "decrypt", "sign", "verify", "digest", "importKey", "exportKey", "deriveBits", "deriveKey", "generateKey"] as const;
const nodeMethods = ["createHash", "createHmac", "createCipheriv", "createDecipheriv", "hkdfSync"] as const;

/** Replaces each named method of `target` with one that counts its calls; returns the restore. */
function countCalls(target: Record<string, unknown>, names: readonly string[], count: () => void): () => void {
  const originals = names.map((name) => target[name] as (...args: unknown[]) => unknown);
  names.forEach((name, i) => {
    target[name] = function (this: unknown, ...args: unknown[]) {
      count();
      return originals[i].apply(this, args);
    };
  });
  return () => names.forEach((name, i) => (target[name] = originals[i]));
}

/**
 * Counts the cryptographic operations made while `run` runs: crypto.subtle calls, and node:crypto's
 * hash, HMAC and cipher constructions (sekisho runs the session token's HMAC and AES on node:crypto).
 */
export async function countCryptoCalls(run: () => Promise<unknown>): Promise<number> {
  let calls = 0;
  const count = () => void calls++;
  const node = process.getBuiltinModule("node:crypto") as unknown as Record<string, unknown>;
  const restores = [countCalls(Object.getPrototypeOf(crypto.subtle), subtleMethods, count), countCalls(node, nodeMethods, count)];
  try {
    await run();
  } finally {
    restores.forEach((restore) => restore());
  }
  return calls;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
