import type BetterSqlite3 from "better-sqlite3";
import type { SqlDriver, SqlResult } from "./driver.js";
import { createGate } from "./gate.js";

type Database = BetterSqlite3.Database;

/** A driver over a better-sqlite3 Database. Its calls are synchronous; the gate orders them around transactions. */
export function betterSqliteDriver(db: Database): SqlDriver {
  const gate = createGate();
  const prepared = new Map<string, BetterSqlite3.Statement>();

  function run(sql: string, params: readonly unknown[] = []): SqlResult {
    let statement = prepared.get(sql);
    if (!statement) prepared.set(sql, (statement = db.prepare(sql)));
    if (statement.reader) {
      const rows = statement.all(...params) as SqlResult["rows"];
      return { rows, changes: rows.length };
    }
    return { rows: [], changes: statement.run(...params).changes };
  }

  const inTransaction: SqlDriver = { dialect: "sqlite", deleteReturning: true, query: async (sql, params) => run(sql, params) };
  return {
    dialect: "sqlite",
    deleteReturning: true,
    query: (sql, params) => gate.shared(async () => run(sql, params)),
    transaction: (fn) =>
      gate.exclusive(async () => {
        db.exec("BEGIN IMMEDIATE");
        try {
          const result = await fn(inTransaction);
          db.exec("COMMIT");
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec("ROLLBACK");
          throw error;
        }
      }),
  };
}
