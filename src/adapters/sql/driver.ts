/**
 * The little a database binding has to offer the SQL core. Statements reach `query` written once
 * for every dialect: identifiers in double quotes, parameters as `?`. A binding rewrites them if
 * its database wants otherwise (`$1` for PostgreSQL, backticks for MySQL).
 */

export type SqlDialect = "sqlite" | "postgres" | "mysql";

export type Row = Record<string, unknown>;

export interface SqlResult {
  rows: Row[];
  /** Rows changed by an INSERT, UPDATE or DELETE. */
  changes: number;
}

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface SqlDriver {
  readonly dialect: SqlDialect;
  /** Whether `DELETE ... RETURNING` works; a promise when the binding has to ask the server. */
  readonly deleteReturning: boolean | Promise<boolean>;
  query(sql: string, params?: readonly unknown[]): Promise<SqlResult>;
  /**
   * Runs `fn` in a database transaction, on a driver bound to it. Absent where the database has
   * no interactive transactions (D1); the core then undoes failed work by compensation.
   */
  transaction?<T>(fn: (tx: SqlDriver) => Promise<T>): Promise<T>;
  /** Runs the statements atomically in one round trip, where the database offers that (D1). */
  batch?(statements: Statement[]): Promise<void>;
}

/** `?` placeholders to PostgreSQL's `$1, $2, ...`. Our statements hold no `?` anywhere else. */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** Double-quoted identifiers to MySQL's backticks. Our statements hold no string literals. */
export function backtickIdentifiers(sql: string): string {
  return sql.replace(/"/g, "`");
}
