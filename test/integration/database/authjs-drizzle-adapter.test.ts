/**
 * Auth.js's published Drizzle adapter through the published-adapter suite: on SQLite with its default tables, and on
 * PostgreSQL with the app's own tables handed to it.
 */
import { freshPostgresDatabase } from "../../adapters/databases.js";
import { drizzleOnAppTables, drizzleOnSQLite } from "../../adapters/drizzle-schemas.js";
import { services, withService } from "../../helpers/services.js";
import { testPool } from "../../helpers/pg-pool.js";
import { publishedAdapterSuite } from "./published-adapter-suite.js";

publishedAdapterSuite("@auth/drizzle-adapter on SQLite (better-sqlite3)", async () => {
  const { adapter, sqlite } = drizzleOnSQLite();
  const tables = { users: "user", accounts: "account", sessions: "session", verificationTokens: "verificationToken" };
  return {
    adapter,
    rows: async (table) => sqlite.prepare(`SELECT * FROM "${tables[table]}"`).all() as Record<string, unknown>[],
    clear: async () => void sqlite.exec(`DELETE FROM "authenticator"; DELETE FROM "session"; DELETE FROM "account"; DELETE FROM "verificationToken"; DELETE FROM "user";`),
    expireSessions: async () => void sqlite.prepare(`UPDATE "session" SET "expires" = ?`).run(Date.now() - 1000),
    close: async () => void sqlite.close(),
  };
});

await withService("postgres", () =>
  publishedAdapterSuite("@auth/drizzle-adapter on PostgreSQL (the app's own tables)", async () => {
    const database = await freshPostgresDatabase(services.postgres.url);
    const pool = testPool({ connectionString: database.url });
    const adapter = await drizzleOnAppTables(pool);
    const table = (name: string) => `"app_${name}"`;
    const tables = { users: table("user"), accounts: table("account"), sessions: table("session"), verificationTokens: table("verification_token") };
    return {
      adapter,
      rows: async (name) => (await pool.query(`SELECT * FROM ${tables[name]}`)).rows,
      clear: async () => void (await pool.query(`TRUNCATE ${table("authenticator")}, ${tables.sessions}, ${tables.accounts}, ${tables.verificationTokens}, ${tables.users}`)),
      expireSessions: async () => void (await pool.query(`UPDATE ${tables.sessions} SET "expires" = now() - interval '1 second'`)),
      close: async () => {
        await pool.end();
        await database.drop();
      },
    };
  }),
);
