/**
 * One measured run against an app process: a warm-up at the same concurrency, then the load, with the heap
 * (after a full GC) and the open descriptors read before and after, each once the process has settled.
 */
import type { AppProcess } from "./app-process.js";
import { runLoad, type LoadRequest, type LoadResult, type LoadShape } from "./load-generator.js";

export interface Measurement extends LoadResult {
  heapBeforeBytes: number;
  heapAfterBytes: number;
  /** (after − before) / before. */
  heapGrowth: number;
  fdsBefore: number;
  fdsAfter: number;
  /** Errors the app's logger received during the run. */
  loggedErrors: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Descriptors once the closed connections are gone: polled until the count is at most `atMost`, for up to 5 s. */
async function settledFds(app: AppProcess, atMost: number): Promise<number> {
  let fds = app.fds();
  for (let i = 0; i < 50 && fds > atMost; i++) {
    await pause(100);
    fds = app.fds();
  }
  return fds;
}

/**
 * The heap once the last connections' objects are released: read every 250 ms until two readings agree
 * within 0.5%, for up to 5 s. Right after a run it is still a few MB higher for a moment.
 */
async function settledHeap(app: AppProcess): Promise<{ heapUsed: number; loggedErrors: number }> {
  let last = await app.heap();
  for (let i = 0; i < 20; i++) {
    await pause(250);
    const next = await app.heap();
    const stable = Math.abs(next.heapUsed - last.heapUsed) / last.heapUsed < 0.005;
    last = next;
    if (stable) break;
  }
  return last;
}

export async function measureUnderLoad(app: AppProcess, request: LoadRequest, shape: LoadShape, warmUpSeconds = 3): Promise<Measurement> {
  await runLoad(app.url, request, { seconds: warmUpSeconds, connections: shape.connections });
  const fdsBefore = await settledFds(app, 0);
  const before = await settledHeap(app);
  const result = await runLoad(app.url, request, shape);
  const fdsAfter = await settledFds(app, fdsBefore);
  const after = await settledHeap(app);
  return {
    ...result,
    heapBeforeBytes: before.heapUsed,
    heapAfterBytes: after.heapUsed,
    heapGrowth: (after.heapUsed - before.heapUsed) / before.heapUsed,
    fdsBefore,
    fdsAfter,
    loggedErrors: after.loggedErrors - before.loggedErrors,
  };
}
