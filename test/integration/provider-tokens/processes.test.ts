/**
 * One refresh across OS processes, database strategy: two app processes (test/reliability/app-server.ts) share
 * PostgreSQL or Redis; 20 concurrent calls split between them, with one session whose access token is due
 * (5-second tokens, at the default `accessTokenSkew`: refreshed when half the lifetime is left), make exactly 1
 * refresh grant at the IdP.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePostgres } from "../../../src/adapters/postgres.js";
import { freshPostgresDatabase } from "../../adapters/databases.js";
import { createClient } from "../../helpers/auth-client.js";
import { loginAtIdp, type Idp } from "../../helpers/oidc-idp.js";
import { testPool } from "../../helpers/pg-pool.js";
import { services, withService } from "../../helpers/services.js";
import { startAppProcess, transportTo, type AppProcess, type StoreOptions } from "../../reliability/app-process.js";
import { returnToApp, startSignIn } from "../oauth/oidc-flow.js";
import { refreshes, startTokenIdp, untilDue } from "./harness.js";

let idp: Idp;
beforeAll(async () => {
  idp = await startTokenIdp();
});
afterAll(() => idp?.close());

async function accessTokenAt(app: AppProcess, cookie: string): Promise<string | undefined> {
  const response = await fetch(`${app.url}/__access-token`, { headers: { cookie, connection: "close" } });
  return ((await response.json()) as { token: { accessToken: string } | null }).token?.accessToken;
}

function twoProcesses(store: () => Promise<StoreOptions>) {
  it("20 concurrent calls over two processes make exactly 1 refresh between them, and all get its token", async () => {
    const options = { strategy: "database" as const, store: await store(), oidcIssuer: idp.issuer };
    const apps = await Promise.all([startAppProcess(options), startAppProcess(options)]);
    try {
      await idp.setRedirectUris(apps.map((app) => `${app.url}/auth/callback/idp`));
      const browser = createClient(transportTo(apps[0]));
      await returnToApp(browser, await loginAtIdp(await startSignIn(browser, "idp"), "alice"));
      expect(await browser.session()).toMatchObject({ user: { email: "alice@example.com" } });
      const cookie = browser.jar.header();
      await untilDue();
      const before = refreshes(idp);
      const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => accessTokenAt(apps[i % 2], cookie)));
      expect(refreshes(idp) - before).toBe(1);
      expect(new Set(tokens).size).toBe(1);
      expect(tokens[0]).toEqual(expect.any(String));
    } finally {
      await Promise.all(apps.map((app) => app.stop()));
    }
  }, 60_000);
}

await withService("postgres", async () => {
  let drop: (() => Promise<unknown>) | undefined;
  afterAll(() => drop?.());
  describe("provider tokens across processes: PostgreSQL", () => {
    twoProcesses(async () => {
      const database = await freshPostgresDatabase(services.postgres.url);
      drop = database.drop;
      const pool = testPool({ connectionString: database.url });
      await migratePostgres(pool);
      await pool.end();
      return { kind: "postgres", url: database.url };
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
  describe("provider tokens across processes: Redis", () => {
    twoProcesses(async () => ({ kind: "redis", url: services.redis.url, prefix }));
  });
});
