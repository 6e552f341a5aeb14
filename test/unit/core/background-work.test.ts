/** Work an answer does not wait for (a Password mail): where it runs, and that its failure is logged. */
import { afterEach, describe, expect, it } from "vitest";
import type { AuthContext } from "../../../src/http/context.js";
import { inBackground } from "../../../src/http/background.js";

function contextWith(waitUntil?: (task: Promise<unknown>) => void) {
  const errors: Error[] = [];
  const ctx = { config: { logger: { error: (error: Error) => errors.push(error) } }, waitUntil } as unknown as AuthContext;
  return { ctx, errors };
}

const later = (ms: number, fail = false) =>
  new Promise<void>((resolve, reject) => setTimeout(() => (fail ? reject(new Error("the mail service is down")) : resolve()), ms));

afterEach(() => {
  Reflect.deleteProperty(globalThis, "EdgeRuntime");
});

describe("inBackground", () => {
  it("hands the work to waitUntil and returns at once", async () => {
    const held: Promise<unknown>[] = [];
    const { ctx } = contextWith((task) => held.push(task));
    const started = performance.now();
    await inBackground(ctx, later(100));
    expect(performance.now() - started).toBeLessThan(50);
    expect(held).toHaveLength(1);
  });

  it("leaves it running on Node, and logs its failure instead of leaving it unhandled", async () => {
    const { ctx, errors } = contextWith();
    const started = performance.now();
    await inBackground(ctx, later(50, true));
    expect(performance.now() - started).toBeLessThan(40);
    await expect.poll(() => errors.map((error) => error.message)).toEqual(["the mail service is down"]);
  });

  it("waits for it in the Edge runtime without waitUntil, which would cut it off", async () => {
    Reflect.set(globalThis, "EdgeRuntime", "edge-runtime");
    const { ctx } = contextWith();
    const started = performance.now();
    await inBackground(ctx, later(100));
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });
});
