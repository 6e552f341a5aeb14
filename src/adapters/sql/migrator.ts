import type { SqlDriver, Statement } from "./driver.js";
import { migrations, type Migration } from "./migrations.js";

const bookkeeping = `CREATE TABLE IF NOT EXISTS "sekisho_migrations" (
  "name" VARCHAR(255) NOT NULL PRIMARY KEY,
  "applied_at" VARCHAR(32) NOT NULL
)`;

/**
 * Applies the migrations not yet recorded in `sekisho_migrations`, in order, each with its record
 * in one atomic step where the database allows (MySQL commits DDL at once). Returns the names
 * applied by this call; running it again applies nothing.
 */
export async function applyMigrations(
  driver: SqlDriver,
  pending: readonly Migration[] = migrations[driver.dialect],
): Promise<string[]> {
  await driver.query(bookkeeping);
  const done = new Set((await driver.query(`SELECT "name" FROM "sekisho_migrations"`)).rows.map((row) => String(row.name)));
  const applied: string[] = [];
  for (const migration of pending) {
    if (done.has(migration.name)) continue;
    const record = {
      sql: `INSERT INTO "sekisho_migrations" ("name", "applied_at") VALUES (?, ?)`,
      params: [migration.name, new Date().toISOString()],
    };
    await runAtomically(driver, [...splitStatements(migration.sql), record]);
    applied.push(migration.name);
  }
  return applied;
}

async function runAtomically(driver: SqlDriver, statements: Statement[]): Promise<void> {
  if (driver.batch) return driver.batch(statements);
  const runAll = async (target: SqlDriver) => {
    for (const statement of statements) await target.query(statement.sql, statement.params);
  };
  if (driver.transaction) return driver.transaction(runAll);
  return runAll(driver);
}

/** A migration file's statements. Our files keep `;` for statement ends and `--` for whole-line comments. */
export function splitStatements(sql: string): Statement[] {
  return sql
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .split(";")
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0)
    .map((statement) => ({ sql: statement, params: [] }));
}
