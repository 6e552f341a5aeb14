/**
 * A Workers app that keeps Auth.js's published D1 adapter, through the published-adapter suite: on Miniflare's D1,
 * with the tables the adapter's own `up(db)` makes.
 */
import { D1Adapter as AuthjsD1Adapter } from "@auth/d1-adapter";
import type { Adapter } from "../../../src/adapters/index.js";
import { authjsD1Tables, openAuthjsD1Database } from "../../adapters/authjs-d1-database.js";
import { publishedAdapterSuite } from "./published-adapter-suite.js";

const tables = { users: "users", accounts: "accounts", sessions: "sessions", verificationTokens: "verification_tokens" };

publishedAdapterSuite("@auth/d1-adapter", async () => {
  const { db, dispose } = await openAuthjsD1Database();
  return {
    adapter: AuthjsD1Adapter(db) as Adapter,
    rows: async (table) => (await db.prepare(`SELECT * FROM "${tables[table]}"`).all()).results as Record<string, unknown>[],
    clear: async () => void (await db.batch(authjsD1Tables.map((table) => db.prepare(`DELETE FROM "${table}"`)))),
    // D1 keeps dates as ISO 8601 text
    expireSessions: async () => void (await db.prepare(`UPDATE "sessions" SET "expires" = ?`).bind(new Date(Date.now() - 1000).toISOString()).run()),
    close: dispose,
  };
});
