import mysql from "mysql2/promise";
import { describe, expect, it } from "vitest";
import { migrateMySQL, MySQLAdapter, type MySQLAdapterOptions } from "../../src/adapters/mysql.js";
import { mysqlDriver } from "../../src/adapters/sql/mysql-driver.js";
import { services, withService } from "../helpers/services.js";
import { runAdapterContract } from "./contract.js";
import { freshMySQLDatabase } from "./databases.js";

function suite(name: string, options?: MySQLAdapterOptions) {
  return runAdapterContract(name, async () => {
    const database = await freshMySQLDatabase(services.mysql.url);
    const pool = mysql.createPool({ uri: database.url, connectionLimit: 10 });
    await migrateMySQL(pool);
    return {
      adapter: MySQLAdapter(pool, options),
      cleanup: async () => {
        await pool.end();
        await database.drop();
      },
    };
  });
}

await withService("mysql", async () => {
  describe("mysql driver", () => {
    it("finds that the server here (MariaDB) runs DELETE ... RETURNING, asking once", async () => {
      const pool = mysql.createPool(services.mysql.url);
      try {
        const driver = mysqlDriver(pool);
        const first = driver.deleteReturning;
        expect(driver.deleteReturning).toBe(first);
        expect(await first).toBe(true);
        expect(await mysqlDriver(pool, { deleteReturning: false }).deleteReturning).toBe(false);
      } finally {
        await pool.end();
      }
    });
  });

  await suite("mysql (MariaDB, DELETE ... RETURNING detected)");
  // The path MySQL proper takes, which has no DELETE ... RETURNING.
  await suite("mysql (without DELETE ... RETURNING)", { deleteReturning: false });
});
