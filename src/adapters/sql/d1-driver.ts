import type { Row, SqlDriver } from "./driver.js";

/** The parts of a Cloudflare D1 binding used here, declared locally to need no Workers types. */
export interface D1Database {
  prepare(query: string): D1PreparedStatement;
  batch(statements: D1PreparedStatement[]): Promise<unknown[]>;
}

export interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  all(): Promise<{ results?: unknown[]; meta?: { changes?: number } }>;
}

/**
 * A driver over a D1 binding. D1 has no interactive transactions, so the core compensates failed
 * work instead; `batch` gives migrations their atomic step.
 */
export function d1Driver(db: D1Database): SqlDriver {
  const prepare = (sql: string, params: readonly unknown[] = []) => db.prepare(sql).bind(...params);
  return {
    dialect: "sqlite",
    deleteReturning: true,
    async query(sql, params) {
      const result = await prepare(sql, params).all();
      return { rows: (result.results ?? []) as Row[], changes: result.meta?.changes ?? 0 };
    },
    async batch(statements) {
      if (statements.length > 0) await db.batch(statements.map((s) => prepare(s.sql, s.params)));
    },
  };
}
