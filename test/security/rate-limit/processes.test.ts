/**
 * One limit across instances: two app processes (real OS processes, test/reliability/app-server.ts) on one
 * store. Tries alternate between them; the limit is reached at the shared count, which neither process
 * would reach counting alone.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import mysql from "mysql2/promise";
import { describe, expect, it } from "vitest";
import { migrateMySQL } from "../../../src/adapters/mysql.js";
import { migratePostgres } from "../../../src/adapters/postgres.js";
import { migrateSQLite } from "../../../src/adapters/sqlite.js";
import { freshMySQLDatabase, freshPostgresDatabase } from "../../adapters/databases.js";
import { createClient } from "../../helpers/auth-client.js";
import { testPool } from "../../helpers/pg-pool.js";
import { services, withService, type ServiceKind } from "../../helpers/services.js";
import { startAppProcess, transportTo, type StoreOptions } from "../../reliability/app-process.js";

const limits = { credentials: { perIdentifier: 6, perIp: 9 } };

async function alternate(stores: StoreOptions) {
  const apps = await Promise.all([0, 1].map(() => startAppProcess({ strategy: "jwt", store: stores, rateLimit: limits })));
  try {
    const clients = apps.map((app) => createClient(transportTo(app)));
    const attempt = async (i: number, username: string, ip: string) => {
      const client = clients[i % 2];
      const response = await client.signIn({ username, password: "wrong" }, { "x-test-client-ip": ip });
      return /error=RateLimited/.test(response.headers.get("location") ?? "");
    };
    const perName: boolean[] = [];
    for (let i = 0; i < 7; i++) perName.push(await attempt(i, "alice", `198.51.100.${i}`));
    const perAddress: boolean[] = [];
    for (let i = 0; i < 10; i++) perAddress.push(await attempt(i, `user-${i}`, "203.0.113.9"));
    return { perName, perAddress };
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
  }
}

function expectSharedLimits(result: Awaited<ReturnType<typeof alternate>>) {
  // each process saw at most four tries per name and five per address: alone, neither would refuse
  expect(result.perName).toEqual([false, false, false, false, false, false, true]);
  expect(result.perAddress).toEqual([...Array(9).fill(false), true]);
}

/** A store both processes open: what they are told, and how to throw it away afterwards. */
interface SharedStore {
  options: StoreOptions;
  drop(): Promise<unknown>;
}

async function sqliteFile(): Promise<SharedStore> {
  const dir = await mkdtemp(join(tmpdir(), "sekisho-rate-limit-"));
  const url = `file:${join(dir, "auth.db")}`;
  await migrateSQLite(url);
  return { options: { kind: "sqlite", url }, drop: () => rm(dir, { recursive: true, force: true }) };
}

async function postgres(): Promise<SharedStore> {
  const database = await freshPostgresDatabase(services.postgres.url);
  const pool = testPool({ connectionString: database.url });
  await migratePostgres(pool).finally(() => pool.end());
  return { options: { kind: "postgres", url: database.url }, drop: database.drop };
}

async function mariadb(): Promise<SharedStore> {
  const database = await freshMySQLDatabase(services.mysql.url);
  const pool = mysql.createPool({ uri: database.url, connectionLimit: 1 });
  await migrateMySQL(pool).finally(() => pool.end());
  return { options: { kind: "mysql", url: database.url }, drop: database.drop };
}

async function redis(): Promise<SharedStore> {
  const prefix = `sekisho-rate-limit-${crypto.randomUUID()}:`;
  return { options: { kind: "redis", url: services.redis.url, prefix }, drop: async () => {} };
}

const stores: Array<[string, ServiceKind | undefined, () => Promise<SharedStore>]> = [
  ["SQLite file", undefined, sqliteFile],
  ["PostgreSQL", "postgres", postgres],
  ["MariaDB", "mysql", mariadb],
  ["Redis", "redis", redis],
];

for (const [name, service, open] of stores) {
  const register = () => {
    describe("one limit across two processes", () => {
      it(name, async () => {
        const shared = await open();
        try {
          expectSharedLimits(await alternate(shared.options));
        } finally {
          await shared.drop();
        }
      }, 60_000);
    });
  };
  if (service) await withService(service, register);
  else register();
}
