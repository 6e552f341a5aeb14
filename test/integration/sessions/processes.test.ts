/**
 * Revocation across instances: two app processes (real OS processes, test/reliability/app-server.ts) share
 * PostgreSQL or Redis. A session signed in on A and revoked on A is refused by B within B's
 * revocationCheckInterval, with no read per request; under the database strategy at once.
 */
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import type { Adapter } from "../../../src/adapters/adapter-contract.js";
import { migratePostgres, PostgresAdapter } from "../../../src/adapters/postgres.js";
import { RedisAdapter } from "../../../src/adapters/redis.js";
import { decode } from "../../../src/jwt.js";
import { freshPostgresDatabase } from "../../adapters/databases.js";
import { alice, createClient, secret } from "../../helpers/auth-client.js";
import { testPool } from "../../helpers/pg-pool.js";
import { services, withService, type ServiceKind } from "../../helpers/services.js";
import { startAppProcess, transportTo, type AppProcess, type StoreOptions } from "../../reliability/app-process.js";

const intervalSeconds = 2;
const cookieName = "authjs.session-token";

/** A store both processes open, with alice in it, and how to throw it away afterwards. */
interface SharedStore {
  options: StoreOptions;
  drop(): Promise<unknown>;
}

async function withAlice(adapter: Adapter): Promise<string> {
  return (await adapter.createUser!({ id: crypto.randomUUID(), name: alice.name, email: alice.email, image: null, emailVerified: null })).id;
}

async function postgres(): Promise<SharedStore & { userId: string }> {
  const database = await freshPostgresDatabase(services.postgres.url);
  const pool = testPool({ connectionString: database.url });
  try {
    await migratePostgres(pool);
    const userId = await withAlice(PostgresAdapter(pool));
    return { options: { kind: "postgres", url: database.url }, drop: database.drop, userId };
  } finally {
    await pool.end();
  }
}

async function redis(): Promise<SharedStore & { userId: string }> {
  const prefix = `sekisho-revocation-${crypto.randomUUID()}:`;
  const client = new Redis(services.redis.url);
  try {
    const userId = await withAlice(RedisAdapter(client, { prefix }));
    const drop = async () => {
      const cleaner = new Redis(services.redis.url);
      const keys = await cleaner.keys(`${prefix}*`);
      if (keys.length > 0) await cleaner.del(...keys);
      cleaner.disconnect();
    };
    return { options: { kind: "redis", url: services.redis.url, prefix }, drop, userId };
  } finally {
    client.disconnect();
  }
}

async function revokeOn(app: AppProcess, body: { sessionId: string } | { userId: string }): Promise<unknown> {
  const response = await fetch(`${app.url}/__revoke`, { method: "POST", body: JSON.stringify(body), headers: { connection: "close" } });
  return ((await response.json()) as { revoked: unknown }).revoked;
}

/** Milliseconds from now until `client`'s session reads as signed out, polling every 50 ms; fails after `limitMs`. */
async function untilSignedOut(client: ReturnType<typeof createClient>, limitMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if ((await client.session()) === null) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`still signed in after ${limitMs} ms`);
}

/** Runs `test` against two app processes on a fresh shared store, then stops them and drops the store. */
async function onTwoApps(
  open: () => Promise<SharedStore & { userId: string }>,
  strategy: "jwt" | "database",
  test: (apps: AppProcess[], userId: string) => Promise<void>,
): Promise<void> {
  const shared = await open();
  const apps = await Promise.all([0, 1].map(() => startAppProcess({ strategy, store: shared.options, revocationCheckInterval: intervalSeconds })));
  try {
    await test(apps, shared.userId);
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
    await shared.drop();
  }
}

/** Waits until `client` is signed out, logs the delay, and checks it stayed within the interval. */
async function expectSignedOutWithinInterval(client: ReturnType<typeof createClient>, what: string): Promise<void> {
  const delay = await untilSignedOut(client, intervalSeconds * 1000 + 1500);
  console.log(`${what} (jwt, interval ${intervalSeconds} s): ${Math.round(delay)} ms`);
  expect(delay).toBeLessThanOrEqual(intervalSeconds * 1000 + 500);
}

const stores: Array<[string, ServiceKind, () => Promise<SharedStore & { userId: string }>]> = [
  ["PostgreSQL", "postgres", postgres],
  ["Redis", "redis", redis],
];

for (const [name, service, open] of stores) {
  await withService(service, () => {
    describe(`revocation across two processes on ${name}`, () => {
      it("jwt: revokeSession on A is refused by B within the interval; the other session stays", () =>
        onTwoApps(open, "jwt", async (apps) => {
          const onA = createClient(transportTo(apps[0]));
          await onA.signIn();
          const other = createClient(transportTo(apps[0]));
          await other.signIn();
          const onB = createClient(transportTo(apps[1]));
          onB.jar.set(cookieName, String(onA.jar.get(cookieName)));
          const otherOnB = createClient(transportTo(apps[1]));
          otherOnB.jar.set(cookieName, String(other.jar.get(cookieName)));
          expect(await onB.session()).toMatchObject({ user: { email: alice.email } });
          const token = await decode({ token: onA.jar.get(cookieName), secret, salt: cookieName });
          expect(await revokeOn(apps[0], { sessionId: String(token?.sid) })).toBe(true);
          expect(await onA.session()).toBeNull();
          await expectSignedOutWithinInterval(onB, `revocation delay across processes on ${name}`);
          expect(await otherOnB.session()).toMatchObject({ user: { email: alice.email } });
        }), 60_000);

      it("jwt: revokeSessions on B signs the user out of A within the interval", () =>
        onTwoApps(open, "jwt", async (apps, userId) => {
          const onA = createClient(transportTo(apps[0]));
          await onA.signIn();
          expect(await onA.session()).toMatchObject({ user: { email: alice.email } });
          expect(await revokeOn(apps[1], { userId })).toBe(1);
          await expectSignedOutWithinInterval(onA, `sign-out-everywhere delay across processes on ${name}`);
        }), 60_000);

      it("database: revokeSessions on A deletes the rows, so B refuses at once", () =>
        onTwoApps(open, "database", async (apps, userId) => {
          const onA = createClient(transportTo(apps[0]));
          await onA.signIn();
          const onB = createClient(transportTo(apps[1]));
          onB.jar.set(cookieName, String(onA.jar.get(cookieName)));
          expect(await onB.session()).toMatchObject({ user: { email: alice.email } });
          expect(await revokeOn(apps[0], { userId })).toBe(1);
          expect(await onB.session()).toBeNull();
        }), 60_000);
    });
  });
}
