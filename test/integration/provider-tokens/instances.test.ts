/**
 * One refresh across instances, database strategy: two app instances (two createAuth, each with its own
 * in-flight map and its own connection) share PostgreSQL or Redis; 20 calls split between them, all with the
 * same session and an access token due for refresh, make exactly 1 refresh grant at the IdP.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePostgres, PostgresAdapter } from "../../../src/adapters/postgres.js";
import { RedisAdapter } from "../../../src/adapters/redis.js";
import type { Adapter } from "../../../src/adapters/types.js";
import { freshPostgresDatabase } from "../../adapters/databases.js";
import type { Idp } from "../../helpers/oidc-idp.js";
import { testPool } from "../../helpers/pg-pool.js";
import { services, withService } from "../../helpers/services.js";
import { accessTokenFor, refreshes, signIn, startApp, startTokenIdp, untilDue, type App } from "./harness.js";

let idp: Idp;
beforeAll(async () => {
  idp = await startTokenIdp();
});
afterAll(() => idp?.close());

/** Two instances over `open()`'s adapters; signs alice in on the first, and calls 10 times on each at once. */
function twoInstances(open: () => Promise<{ adapter: Adapter; close(): Promise<unknown> }>) {
  it("20 concurrent calls over two instances make exactly 1 refresh between them, and all get its token", async () => {
    const stores = [await open(), await open()];
    const apps: App[] = [];
    try {
      for (const { adapter } of stores) apps.push(await startApp(idp, adapter, "database"));
      await idp.setRedirectUris(apps.map((app) => `${app.transport.origin}/auth/callback/idp`));
      const cookie = (await signIn(apps[0])).jar.header();
      await untilDue();
      const before = refreshes(idp);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => accessTokenFor(apps[i % 2], cookie)));
      expect(refreshes(idp) - before).toBe(1);
      const tokens = new Set(results.map((result) => result.token?.accessToken));
      expect(tokens.size).toBe(1);
      expect([...tokens][0]).toEqual(expect.any(String));
    } finally {
      for (const app of apps) await app.transport.close();
      for (const store of stores) await store.close();
    }
  });
}

await withService("postgres", async () => {
  const database = await freshPostgresDatabase(services.postgres.url);
  const setup = testPool({ connectionString: database.url });
  await migratePostgres(setup);
  await setup.end();
  afterAll(() => database.drop());
  describe("provider tokens across instances: PostgreSQL", () => {
    twoInstances(async () => {
      const pool = testPool({ connectionString: database.url });
      return { adapter: PostgresAdapter(pool), close: () => pool.end() };
    });
  });
});

await withService("redis", async () => {
  const prefix = `sekisho-provider-tokens-${crypto.randomUUID()}:`;
  afterAll(async () => {
    const cleaner = new Redis(services.redis.url);
    const keys = await cleaner.keys(`${prefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
    cleaner.disconnect();
  });
  describe("provider tokens across instances: Redis", () => {
    twoInstances(async () => {
      const client = new Redis(services.redis.url);
      return { adapter: RedisAdapter(client, { prefix }), close: async () => client.disconnect() };
    });
  });
});
