import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type pg from "pg";
import { migratePostgres, PostgresAdapter } from "../../src/adapters/postgres.js";
import { services, withService } from "../helpers/services.js";
import { testPool } from "../helpers/pg-pool.js";
import { freshPostgresDatabase, type FreshDatabase } from "./databases.js";

const user = { id: "ignored", name: "Ada", email: "ada@example.com", image: null, emailVerified: null };

await withService("postgres", () => {
  describe("PostgreSQL prepared statements", () => {
    let database: FreshDatabase;
    const pools: pg.Pool[] = [];
    /** One connection, so every statement meets the statements that connection prepared. */
    const onePool = async () => {
      const pool = testPool({ connectionString: database.url, max: 1 });
      pools.push(pool);
      return pool;
    };
    const preparedCount = async (pool: pg.Pool) =>
      Number((await pool.query("SELECT count(*) AS n FROM pg_prepared_statements")).rows[0].n);

    beforeAll(async () => {
      database = await freshPostgresDatabase(services.postgres.url);
      const pool = await onePool();
      await migratePostgres(pool);
    });
    afterAll(async () => {
      await Promise.all(pools.map((pool) => pool.end()));
      await database.drop();
    });

    it("prepares parameterized statements once per connection by default", async () => {
      const pool = await onePool();
      const adapter = PostgresAdapter(pool);
      const created = await adapter.createUser!({ ...user, email: "one@example.com" });
      expect(await preparedCount(pool)).toBe(1);
      for (let i = 0; i < 3; i++) expect(await adapter.getUser!(created.id)).toMatchObject({ email: "one@example.com" });
      expect(await preparedCount(pool)).toBe(2);
    });

    it("prepares nothing with preparedStatements: false", async () => {
      const pool = await onePool();
      const adapter = PostgresAdapter(pool, { preparedStatements: false });
      const created = await adapter.createUser!({ ...user, email: "two@example.com" });
      expect(await adapter.getUser!(created.id)).toMatchObject({ email: "two@example.com" });
      expect(await preparedCount(pool)).toBe(0);
    });

    /** An adapter whose getUser statement is prepared on its one connection, then `disturb` runs there. */
    const preparedThen = async (email: string, disturb: string) => {
      const pool = await onePool();
      const adapter = PostgresAdapter(pool);
      const created = await adapter.createUser!({ ...user, email });
      await adapter.getUser!(created.id);
      await pool.query(disturb);
      return { pool, adapter, created };
    };

    it("answers correctly when the server forgets its statements (a pooler switching connections), then stops preparing", async () => {
      const { pool, adapter, created } = await preparedThen("three@example.com", "DEALLOCATE ALL");
      expect(await adapter.getUser!(created.id)).toMatchObject({ email: "three@example.com" });
      expect(await adapter.getUserByEmail!("three@example.com")).toMatchObject({ id: created.id });
      expect(await preparedCount(pool)).toBe(0);
    });

    it("prepares again on the new connection after one is lost, and keeps preparing", async () => {
      const pool = await onePool();
      const adapter = PostgresAdapter(pool);
      const created = await adapter.createUser!({ ...user, email: "five@example.com" });
      await adapter.getUser!(created.id);
      const killer = await onePool();
      await killer.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
      // Whether the first lookup meets the dead connection or a fresh one depends on when the pool hears of it.
      await Promise.resolve(adapter.getUser!(created.id)).catch(() => undefined);
      expect(await adapter.getUser!(created.id)).toMatchObject({ email: "five@example.com" });
      expect(await preparedCount(pool)).toBe(1);
    });

    it("lets two adapters share a connection: one text has one name, whichever adapter prepared it", async () => {
      const pool = await onePool();
      const [first, second] = [PostgresAdapter(pool), PostgresAdapter(pool)];
      const created = await first.createUser!({ ...user, email: "six@example.com" });
      expect(await second.getUser!(created.id)).toMatchObject({ email: "six@example.com" });
      expect(await first.getUser!(created.id)).toMatchObject({ email: "six@example.com" });
      expect(await second.getUserByEmail!("six@example.com")).toMatchObject({ id: created.id });
      expect(await preparedCount(pool)).toBe(3);
    });

    it("keeps no statement names in the module: a second copy of it (another bundle in the process) agrees on one connection", async () => {
      const pool = await onePool();
      const created = await PostgresAdapter(pool).createUser!({ ...user, email: "seven@example.com" });
      vi.resetModules();
      const copy = await import("../../src/adapters/postgres.js");
      expect(copy.PostgresAdapter).not.toBe(PostgresAdapter);
      // With names counted per module, the copy's first statement took the name of the original's first: a clash.
      expect(await copy.PostgresAdapter(pool).getUser!(created.id)).toMatchObject({ email: "seven@example.com" });
      expect(await PostgresAdapter(pool).getUserByEmail!("seven@example.com")).toMatchObject({ id: created.id });
      expect(await preparedCount(pool)).toBe(3);
    });

    it("answers correctly after a migration changes a table under a prepared SELECT *", async () => {
      const { adapter, created } = await preparedThen("four@example.com", `ALTER TABLE "users" ADD COLUMN "nickname" text`);
      expect(await adapter.getUser!(created.id)).toMatchObject({ email: "four@example.com" });
    });
  });
});
