/**
 * mysql2's `query()`, which the MySQL adapter uses, writes parameters into the SQL text: an array becomes a
 * list, so `getSessionAndUser(["<token>"])` found the session as the token itself would, and in the mysql2 3.x
 * releases that escape with sqlstring an object becomes `column = value` conditions. The adapter is public API:
 * an app that hands it request data unchecked (a JSON body's `email`, a cookie parsed as JSON) must get a
 * refusal, never a row. On MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import mysql from "mysql2/promise";
import { migrateMySQL, MySQLAdapter } from "../../../src/adapters/mysql.js";
import type { AdapterUser } from "../../../src/adapters/adapter-contract.js";
import { freshMySQLDatabase, type FreshDatabase } from "../../adapters/databases.js";
import { services, withService } from "../../helpers/services.js";

await withService("mysql", () => {
  describe("MySQL adapter parameters that are not scalars", () => {
    let database: FreshDatabase;
    let pool: mysql.Pool;
    let adapter: ReturnType<typeof MySQLAdapter>;
    let alice: AdapterUser;
    beforeAll(async () => {
      database = await freshMySQLDatabase(services.mysql.url);
      pool = mysql.createPool({ uri: database.url, connectionLimit: 2 });
      await migrateMySQL(pool);
      adapter = MySQLAdapter(pool);
      alice = await adapter.createUser({ id: "", email: "alice@example.com", name: "Alice", emailVerified: null });
      await adapter.createSession({ sessionToken: "alice-session-token", userId: alice.id, expires: new Date(Date.now() + 3_600_000) });
      await adapter.createVerificationToken({ identifier: "alice@example.com", token: "link-hash", expires: new Date(Date.now() + 3_600_000) });
    });
    afterAll(async () => {
      await pool.end();
      await database.drop();
    });

    it("an array or object in a lookup is refused, and finds, uses or deletes nothing", async () => {
      const lookups: Array<[string, () => unknown]> = [
        ["getUserByEmail", () => adapter.getUserByEmail(["alice@example.com"] as never)],
        ["getUserByEmail object", () => adapter.getUserByEmail({ email: "alice@example.com" } as never)],
        ["getSessionAndUser", () => adapter.getSessionAndUser(["alice-session-token"] as never)],
        ["deleteSession", () => adapter.deleteSession(["alice-session-token"] as never)],
        ["useVerificationToken", () => adapter.useVerificationToken({ identifier: ["alice@example.com"] as never, token: ["link-hash"] as never })],
        ["getUser", () => adapter.getUser([alice.id] as never)],
      ];
      for (const [name, lookup] of lookups) await expect(Promise.resolve().then(lookup), name).rejects.toThrow(/never an array or object/);

      expect(await adapter.getSessionAndUser("alice-session-token")).toMatchObject({ user: { id: alice.id } });
      expect(await adapter.useVerificationToken({ identifier: "alice@example.com", token: "link-hash" })).toMatchObject({ identifier: "alice@example.com" });
    });
  });
});
