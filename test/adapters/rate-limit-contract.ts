/**
 * The rate-limit store contract, as one suite every store is run through: counts in a window, a closed
 * window starts again at 1, a sliding window moves its end, `peek` reads without counting, and parallel
 * increments each get a count of their own (the increment is atomic).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RateLimitStore } from "../../src/adapters/rate-limit/rate-limit-store.js";

export interface StoreUnderTest {
  store: RateLimitStore;
  cleanup(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const key = (label: string) => `test:${label}:${crypto.randomUUID()}`;

export function runRateLimitStoreContract(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`rate-limit store: ${name}`, () => {
    let opened: StoreUnderTest;
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(() => opened?.cleanup());

    it("counts hits in one window, whose end stays where the first hit put it", async () => {
      const k = key("count");
      const before = Date.now();
      const first = await opened.store.increment(k, 60_000);
      const second = await opened.store.increment(k, 60_000);
      const third = await opened.store.increment(k, 60_000);
      expect([first.count, second.count, third.count]).toEqual([1, 2, 3]);
      expect(first.resetAt).toBeGreaterThanOrEqual(before + 60_000 - 50);
      expect(first.resetAt).toBeLessThanOrEqual(Date.now() + 60_000 + 50);
      expect(Math.abs(third.resetAt - first.resetAt)).toBeLessThanOrEqual(50);
    });

    it("keeps keys apart", async () => {
      const [a, b] = [key("a"), key("b")];
      await opened.store.increment(a, 60_000);
      await opened.store.increment(a, 60_000);
      expect((await opened.store.increment(b, 60_000)).count).toBe(1);
    });

    it("starts again at 1 once the window has closed", async () => {
      const k = key("closed");
      await opened.store.increment(k, 300);
      await opened.store.increment(k, 300);
      await sleep(400);
      expect(await opened.store.peek(k)).toBe(0);
      expect((await opened.store.increment(k, 300)).count).toBe(1);
    });

    it("with slide, each hit moves the window's end, and the count goes on", async () => {
      const k = key("slide");
      await opened.store.increment(k, 2000, true);
      await sleep(1300);
      await opened.store.increment(k, 2000, true);
      await sleep(1300);
      // a window fixed at the first hit would have closed by now
      expect(await opened.store.peek(k)).toBe(2);
      expect((await opened.store.increment(k, 2000, true)).count).toBe(3);
    });

    it("peek reads the count without adding to it; an unknown key is 0", async () => {
      const k = key("peek");
      expect(await opened.store.peek(k)).toBe(0);
      await opened.store.increment(k, 60_000);
      expect(await opened.store.peek(k)).toBe(1);
      expect(await opened.store.peek(k)).toBe(1);
    });

    it("parallel increments each get their own count: no two see the same one", async () => {
      const k = key("parallel");
      const results = await Promise.all(Array.from({ length: 40 }, () => opened.store.increment(k, 60_000)));
      expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(await opened.store.peek(k)).toBe(40);
    });
  });
}
