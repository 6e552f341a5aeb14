import type { SqlDialect } from "./driver.js";

export interface UpsertColumns {
  /** Every column the statement writes, in the order of its parameters. */
  columns: readonly string[];
  /** The columns of the key a second write meets the first on. */
  key: readonly string[];
  /** What a second write replaces. */
  moving: readonly string[];
  /** What a second write replaces only when it gives a value (not NULL). */
  movingWhenGiven?: readonly string[];
}

const quote = (column: string) => `"${column}"`;

/** An INSERT that, on a row with the same key, updates it instead: one statement, atomic on every dialect. */
export function upsertStatement(
  dialect: SqlDialect,
  table: string,
  { columns, key, moving, movingWhenGiven = [] }: UpsertColumns,
): string {
  const insert = `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
  const given = (c: string) => (dialect === "mysql" ? `VALUES(${quote(c)})` : `excluded.${quote(c)}`);
  const current = (c: string) => (dialect === "mysql" ? quote(c) : `${quote(table)}.${quote(c)}`);
  const sets = [
    ...moving.map((c) => `${quote(c)} = ${given(c)}`),
    ...movingWhenGiven.map((c) => `${quote(c)} = COALESCE(${given(c)}, ${current(c)})`),
  ].join(", ");
  return dialect === "mysql"
    ? `${insert} ON DUPLICATE KEY UPDATE ${sets}`
    : `${insert} ON CONFLICT (${key.map(quote).join(", ")}) DO UPDATE SET ${sets}`;
}
