/** Auth.js's published PostgreSQL adapter on its documented tables, for the reference-adapter suites. */
import AuthjsPostgresAdapter from "@auth/pg-adapter";
import type pg from "pg";
import type { Adapter, AdapterAccount } from "../../src/adapters/adapter-contract.js";
import { testPool } from "../helpers/pg-pool.js";
import { services } from "../helpers/services.js";
import { freshPostgresDatabase } from "./databases.js";
import { pgAdapterSchema } from "./pg-adapter-schema.js";

/** The adapter with the `getAccount` newer reference adapters have, in SQL over the same tables. */
export function pgAdapterWithGetAccount(pool: pg.Pool): Adapter {
  return {
    ...(AuthjsPostgresAdapter(pool) as Adapter),
    async getAccount(providerAccountId: string, provider: string) {
      const { rows } = await pool.query(`SELECT * FROM accounts WHERE "providerAccountId" = $1 AND provider = $2`, [providerAccountId, provider]);
      const row = rows[0];
      return row ? ({ ...row, expires_at: row.expires_at === null ? null : Number(row.expires_at) } as AdapterAccount) : null;
    },
  };
}

/** A throwaway database with @auth/pg-adapter's tables, a pool on it, and the way to drop both. */
export async function pgAdapterDatabase(): Promise<{ pool: pg.Pool; close(): Promise<void> }> {
  const database = await freshPostgresDatabase(services.postgres.url);
  const pool = testPool({ connectionString: database.url });
  await pool.query(pgAdapterSchema);
  return {
    pool,
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}
