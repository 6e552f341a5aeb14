/**
 * The contract suite run against Auth.js's published Drizzle adapter, the one most Auth.js apps on SQL use: on
 * SQLite with its default tables, and on PostgreSQL with the app's own tables handed to it (as create-t3-app does).
 */
import { services, withService } from "../helpers/services.js";
import { testPool } from "../helpers/pg-pool.js";
import { runAdapterContract } from "./contract.js";
import { freshPostgresDatabase } from "./databases.js";
import { drizzleOnSQLite, drizzleOnAppTables } from "./drizzle-schemas.js";

// It keeps the columns of its tables: another field an account was linked with (RFC 9396's authorization_details) is
// not kept. On PostgreSQL its types ask for an `integer` signature counter, which stops at 2^31 - 1.
const published = { keepsEveryAccountField: false };

await runAdapterContract(
  "@auth/drizzle-adapter on SQLite (better-sqlite3)",
  async () => {
    const { adapter, sqlite } = drizzleOnSQLite();
    return { adapter, cleanup: async () => void sqlite.close() };
  },
  published,
);

await withService("postgres", () =>
  runAdapterContract("@auth/drizzle-adapter on PostgreSQL (the app's own tables)", async () => {
    const database = await freshPostgresDatabase(services.postgres.url);
    const pool = testPool({ connectionString: database.url });
    return {
      adapter: await drizzleOnAppTables(pool),
      cleanup: async () => {
        await pool.end();
        await database.drop();
      },
    };
  }, { ...published, largestCounter: 2_147_483_647 }),
);
