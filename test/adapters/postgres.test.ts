import { migratePostgres, PostgresAdapter } from "../../src/adapters/postgres.js";
import { services, withService } from "../helpers/services.js";
import { runAdapterContract } from "./contract.js";
import { freshPostgresDatabase } from "./databases.js";
import { testPool } from "../helpers/pg-pool.js";

await withService("postgres", () =>
  runAdapterContract("postgres", async () => {
    const database = await freshPostgresDatabase(services.postgres.url);
    const pool = testPool({ connectionString: database.url });
    await migratePostgres(pool);
    return {
      adapter: PostgresAdapter(pool),
      cleanup: async () => {
        await pool.end();
        await database.drop();
      },
    };
  }),
);
