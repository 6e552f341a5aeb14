/**
 * The contract suite run against Auth.js's published PostgreSQL adapter, on tables made by our
 * migration: proof that the suite asks what a real Auth.js adapter does, and that our schema
 * serves one unchanged. That adapter lacks getAccount, authenticators and transactions, so those
 * groups are not registered for it.
 */
import AuthjsPostgresAdapter from "@auth/pg-adapter";
import type { Adapter } from "../../src/adapters/adapter-contract.js";
import { migratePostgres } from "../../src/adapters/postgres.js";
import { services, withService } from "../helpers/services.js";
import { runAdapterContract } from "./contract.js";
import { freshPostgresDatabase } from "./databases.js";
import { testPool } from "../helpers/pg-pool.js";

await withService("postgres", () =>
  runAdapterContract("@auth/pg-adapter", async () => {
    const database = await freshPostgresDatabase(services.postgres.url);
    const pool = testPool({ connectionString: database.url });
    await migratePostgres(pool);
    return {
      adapter: AuthjsPostgresAdapter(pool) as Adapter,
      cleanup: async () => {
        await pool.end();
        await database.drop();
      },
    };
  }),
);
