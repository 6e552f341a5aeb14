/**
 * One refresh across instances, database strategy: two app instances (two createAuth, each with its own
 * in-flight map and its own connection) share PostgreSQL or Redis; 20 calls split between them, all with the
 * same session and an access token due for refresh, make exactly 1 refresh grant at the IdP, at the default
 * `accessTokenSkew`. A refresh token revoked at the IdP marks the account, so the session read on either
 * instance carries RefreshTokenError until a fresh sign-in.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePostgres, PostgresAdapter } from "../../../src/adapters/postgres.js";
import { RedisAdapter } from "../../../src/adapters/redis.js";
import type { TransactionalAdapter } from "../../../src/adapters/extensions.js";
import { freshPostgresDatabase } from "../../adapters/databases.js";
import type { Idp } from "../../helpers/oidc-idp.js";
import { testPool } from "../../helpers/pg-pool.js";
import { services, withService } from "../../helpers/services.js";
import { accessTokenFor, refreshes, revokeAtIdp, signIn, startApp, startTokenIdp, untilDue, type App } from "./harness.js";

let idp: Idp;
beforeAll(async () => {
  idp = await startTokenIdp();
});
afterAll(() => idp?.close());

type Store = { adapter: TransactionalAdapter; close(): Promise<unknown> };

/** Runs `test` with two instances over `open()`'s adapters. */
async function withTwoInstances(open: () => Promise<Store>, test: (apps: App[]) => Promise<void>) {
  const stores = [await open(), await open()];
  const apps: App[] = [];
  try {
    for (const { adapter } of stores) apps.push(await startApp(idp, adapter, "database"));
    await idp.setRedirectUris(apps.map((app) => `${app.transport.origin}/auth/callback/idp`));
    await test(apps);
  } finally {
    for (const app of apps) await app.transport.close();
    for (const store of stores) await store.close();
  }
}

function twoInstances(open: () => Promise<Store>) {
  it("20 concurrent calls over two instances make exactly 1 refresh between them, and all get its token", () =>
    withTwoInstances(open, async (apps) => {
      const cookie = (await signIn(apps[0])).jar.header();
      await untilDue();
      const before = refreshes(idp);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => accessTokenFor(apps[i % 2], cookie)));
      expect(refreshes(idp) - before).toBe(1);
      const tokens = new Set(results.map((result) => result.token?.accessToken));
      expect(tokens.size).toBe(1);
      expect([...tokens][0]).toEqual(expect.any(String));
    }));

  it("a refresh token revoked at the IdP: both instances' session carries RefreshTokenError until a fresh sign-in", () =>
    withTwoInstances(open, async (apps) => {
      const browser = await signIn(apps[0]);
      const store = apps[0].adapter as TransactionalAdapter;
      const user = (await store.getUserByEmail("alice@example.com"))!;
      await revokeAtIdp(idp, (await store.getUserAccount(user.id, "idp"))!.refresh_token as string);
      await untilDue();
      expect((await accessTokenFor(apps[1], browser.jar.header())).token).toBeNull();
      const session = (app: App) =>
        app.auth.fetch(new Request(`${app.transport.origin}/auth/session`, { headers: { cookie: browser.jar.header() } })).then((r) => r.json());
      for (const app of apps) expect(await session(app)).toMatchObject({ error: "RefreshTokenError", user: { email: "alice@example.com" } });
      const again = await signIn(apps[1]);
      expect(await again.session()).not.toHaveProperty("error");
      for (const app of apps) expect(await session(app)).not.toHaveProperty("error");
    }));
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
