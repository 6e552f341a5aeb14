/** Auth.js's published PostgreSQL adapter, on tables made by sekisho's migration, through the published-adapter suite. */
import AuthjsPostgresAdapter from "@auth/pg-adapter";
import { migratePostgres } from "../../../src/adapters/postgres.js";
import type { Adapter } from "../../../src/adapters/index.js";
import { freshPostgresDatabase } from "../../adapters/databases.js";
import { services, withService } from "../../helpers/services.js";
import { testPool } from "../../helpers/pg-pool.js";
import { publishedAdapterSuite } from "./published-adapter-suite.js";

const tables = { users: "users", accounts: "accounts", sessions: "sessions", verificationTokens: "verification_token" };

await withService("postgres", () =>
  publishedAdapterSuite("@auth/pg-adapter", async () => {
    const database = await freshPostgresDatabase(services.postgres.url);
    const pool = testPool({ connectionString: database.url });
    await migratePostgres(pool);
    return {
      adapter: AuthjsPostgresAdapter(pool) as Adapter,
      rows: async (table) => (await pool.query(`SELECT * FROM "${tables[table]}"`)).rows,
      clear: async () => void (await pool.query(`TRUNCATE "authenticators", "sessions", "accounts", "verification_token", "users"`)),
      expireSessions: async () => void (await pool.query(`UPDATE "sessions" SET "expires" = now() - interval '1 second'`)),
      close: async () => {
        await pool.end();
        await database.drop();
      },
    };
  }),
);
