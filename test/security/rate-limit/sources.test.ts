/**
 * Where the client address comes from (the socket, X-Forwarded-For only when trusted, the clientIp option,
 * nothing at all), when rate limits are on by default, and that session reads never touch the store.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { memoryRateLimitStore } from "../../../src/adapters/rate-limit/memory-rate-limits.js";
import type { RateLimitStore } from "../../../src/adapters/rate-limit/rate-limit-store.js";
import { createClient, overHttp } from "../../helpers/auth-client.js";
import { limitedApp, rightPassword, signInAs } from "./fixtures.js";

const refused = (response: Response) => /error=RateLimited/.test(response.headers.get("location") ?? "");

async function overSocket(app: ReturnType<typeof limitedApp>) {
  const transport = await overHttp(app.auth.fetch);
  return { client: createClient(transport), close: transport.close };
}

describe("the client address", () => {
  it("over a socket, without trusted forwarded headers, X-Forwarded-For changes nothing: the socket's address counts", async () => {
    const app = limitedApp({}, { trustHost: false });
    const { client, close } = await overSocket(app);
    try {
      const results = [];
      for (let i = 0; i < 6; i++) results.push(refused(await signInAs(client, `user-${i}`, "x", { "x-forwarded-for": `198.51.100.${i}` })));
      expect(results).toEqual([false, false, false, false, false, true]);
    } finally {
      await close();
    }
  });

  it("with trustHost, the last X-Forwarded-For entry (the one the proxy added) counts, not what the client put before it", async () => {
    const app = limitedApp({}, { trustHost: true });
    const { client, close } = await overSocket(app);
    try {
      for (let i = 0; i < 6; i++) {
        expect(refused(await signInAs(client, `user-${i}`, "x", { "x-forwarded-for": `198.51.100.${i}` }))).toBe(false);
      }
      const spoofed = [];
      for (let i = 0; i < 6; i++) spoofed.push(refused(await signInAs(client, `other-${i}`, "x", { "x-forwarded-for": `10.0.0.${i}, 192.0.2.1` })));
      expect(spoofed).toEqual([false, false, false, false, false, true]);
    } finally {
      await close();
    }
  });

  it("a shim's word on the address (createAuth's clientAddress, SvelteKit's getClientAddress) counts, for server-side calls too", async () => {
    const addresses = new WeakMap<Request, string>();
    const app = limitedApp({}, {}, {}, { clientAddress: (request) => addresses.get(request) });
    const fromClient = (i: number) => {
      const request = new Request("http://localhost:3000/page", { method: "POST" });
      addresses.set(request, "192.0.2.99");
      return app.auth.signIn("credentials", { username: `user-${i}`, password: "x", redirect: false }, undefined, { request });
    };
    for (let i = 0; i < 5; i++) await fromClient(i).catch(() => {});
    await expect(fromClient(5)).rejects.toMatchObject({ type: "RateLimited" });
  });

  describe("CF-Connecting-IP", () => {
    afterEach(() => vi.unstubAllGlobals());
    const tries = async () => {
      const app = limitedApp();
      const client = app.client();
      const results = [];
      for (let i = 0; i < 6; i++) results.push(refused(await signInAs(client, `user-${i}`, "x", { "cf-connecting-ip": "198.51.100.77" })));
      return results;
    };

    it("counts on Cloudflare Workers, where Cloudflare sets it", async () => {
      vi.stubGlobal("navigator", { userAgent: "Cloudflare-Workers" });
      expect(await tries()).toEqual([false, false, false, false, false, true]);
    });

    it("is only a header anywhere else, and anyone can send it", async () => {
      expect(await tries()).toEqual([false, false, false, false, false, false]);
    });
  });

  it("with no source of the address, only the per-identifier limits apply", async () => {
    const app = limitedApp();
    const client = app.client();
    for (let i = 0; i < 10; i++) expect(refused(await signInAs(client, `user-${i}`))).toBe(false);
    for (let i = 0; i < 3; i++) await signInAs(client, "alice");
    expect(refused(await signInAs(client, "alice", rightPassword))).toBe(true);
  });
});

describe("on by default in production, off by default elsewhere, easy to turn off", () => {
  const production = { NODE_ENV: "production", AUTH_URL: "http://localhost:3000/auth" };
  const tries = async (app: ReturnType<typeof limitedApp>) => {
    const client = app.client();
    for (let i = 0; i < 10; i++) await signInAs(client, "alice");
    return refused(await signInAs(client, "alice", rightPassword));
  };

  it("in production, the eleventh try for one username in 15 minutes is refused", async () => {
    expect(await tries(limitedApp({ enabled: undefined, limits: {} }, {}, production))).toBe(true);
  });

  it("outside production, nothing is counted unless asked for", async () => {
    expect(await tries(limitedApp({ enabled: undefined, limits: {} }))).toBe(false);
  });

  it("rateLimit: false turns it off in production", async () => {
    expect(await tries(limitedApp(false, {}, production))).toBe(false);
  });

  it("in production, an adapter without a store of its own gets a warning: each process counts alone", () => {
    const { rateLimits: _, ...reference } = MemoryAdapter();
    expect(limitedApp({ enabled: undefined }, { adapter: reference }, production).warnings).toContain("rate-limit-memory-store");
    expect(limitedApp({ enabled: undefined }, { adapter: MemoryAdapter() }, production).warnings).not.toContain("rate-limit-memory-store");
  });

  it("an unknown rule or a limit below 1 is refused at start-up, naming the option", () => {
    expect(() => limitedApp({ limits: { signin: { perIp: 1 } } as never })).toThrow(/rateLimit\.limits\.signin is not a rule/);
    expect(() => limitedApp({ limits: { credentials: { perIp: 0 } } })).toThrow(/rateLimit\.limits\.credentials\.perIp must be a whole number/);
  });
});

describe("session reads never touch the rate limiter", () => {
  it("GET /session and auth() make no store calls", async () => {
    const memory = memoryRateLimitStore();
    const calls: string[] = [];
    const store: RateLimitStore = {
      increment: (...args) => (calls.push("increment"), memory.increment(...args)),
      peek: (key) => (calls.push("peek"), memory.peek(key)),
    };
    const app = limitedApp({ store });
    const client = app.client();
    await signInAs(client, "alice", rightPassword);
    const afterSignIn = calls.length;
    expect(afterSignIn).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect(await client.session()).toMatchObject({ user: { name: "Alice Liddell" } });
    const request = new Request("http://localhost:3000/dashboard", { headers: { cookie: client.jar.header() } });
    expect(await app.auth.auth(request)).toMatchObject({ user: { name: "Alice Liddell" } });
    expect(calls).toHaveLength(afterSignIn);
  });
});

describe("a store that fails", () => {
  it("fails the sign-in closed, and the log says to apply the migrations", async () => {
    const errors: Error[] = [];
    const broken: RateLimitStore = { increment: () => Promise.reject(new Error('relation "sekisho_rate_limits" does not exist')), peek: async () => 0 };
    const app = limitedApp({ store: broken }, { logger: { error: (error) => void errors.push(error), warn: () => {}, debug: () => {} } });
    const client = app.client();
    const response = await signInAs(client, "alice", rightPassword);
    expect(response.headers.get("location")).toMatch(/error=Configuration/);
    expect(await client.session()).toBeNull();
    expect(errors.map((error) => error.message)).toEqual([expect.stringContaining("npx sekisho migrate")]);
  });

  /**
   * An app's own store that answers the wrong shape: the ioredis `multi().exec()` pair, a count left out. Its
   * count compared as NaN, never over the limit, so the limit was off without a word.
   */
  it.each([
    ["the exec() pair", (count: number) => ({ count: [null, count], resetAt: Date.now() + 60_000 })],
    ["no count", () => ({ resetAt: Date.now() + 60_000 })],
    ["no window", (count: number) => ({ count })],
  ])("a count that is no number (%s) fails the sign-in closed: authorize never runs", async (_, shape) => {
    const counts = new Map<string, number>();
    const misshapen = {
      increment: async (key: string) => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return shape(counts.get(key) ?? 0);
      },
      peek: async (key: string) => counts.get(key) ?? 0,
    } as unknown as RateLimitStore;
    const errors: Error[] = [];
    const app = limitedApp({ store: misshapen }, { logger: { error: (error) => void errors.push(error), warn: () => {}, debug: () => {} } });
    const client = app.client();
    for (let i = 0; i < 5; i++) {
      const response = await signInAs(client, "alice");
      expect(response.headers.get("location")).toMatch(/error=Configuration/);
    }
    expect(app.authorized).toEqual([]);
    expect(errors[0].message).toContain("rate-limit store");
  });
});
