import type { Row, SqlDriver, Statement } from "./driver.js";
import type { Table } from "./tables.js";

/**
 * Row-level reads and writes on one table, matched by column equality. With a `journal`, each
 * write first appends the statements that would undo it: the compensation log used where the
 * database has no interactive transactions.
 */
export interface Rows {
  select(table: Table, match: Row): Promise<Row[]>;
  insert(table: Table, row: Row): Promise<void>;
  /** Sets `changes` on the matching rows and returns the first of them as it now is, or null. */
  update(table: Table, match: Row, changes: Row): Promise<Row | null>;
  /** Deletes the matching rows and returns them; a row another caller deleted first is not returned. */
  remove(table: Table, match: Row): Promise<Row[]>;
}

const quote = (identifier: string) => `"${identifier}"`;

function equalities(row: Row, separator: string): Statement {
  const columns = Object.keys(row);
  return { sql: columns.map((c) => `${quote(c)} = ?`).join(separator), params: Object.values(row) };
}

export function insertStatement(table: Table, row: Row): Statement {
  const columns = Object.keys(row);
  return {
    sql: `INSERT INTO ${quote(table.name)} (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    params: Object.values(row),
  };
}

function updateStatement(table: Table, match: Row, changes: Row): Statement {
  const set = equalities(changes, ", ");
  const where = equalities(match, " AND ");
  return { sql: `UPDATE ${quote(table.name)} SET ${set.sql} WHERE ${where.sql}`, params: [...set.params, ...where.params] };
}

function deleteStatement(table: Table, match: Row, returning: boolean): Statement {
  const where = equalities(match, " AND ");
  return { sql: `DELETE FROM ${quote(table.name)} WHERE ${where.sql}${returning ? " RETURNING *" : ""}`, params: where.params };
}

function pick(row: Row, columns: readonly string[]): Row {
  return Object.fromEntries(columns.map((c) => [c, row[c]]));
}

export function rows(driver: SqlDriver, journal?: Statement[]): Rows {
  const run = (statement: Statement) => driver.query(statement.sql, statement.params);

  async function select(table: Table, match: Row): Promise<Row[]> {
    const where = equalities(match, " AND ");
    return (await driver.query(`SELECT * FROM ${quote(table.name)} WHERE ${where.sql}`, where.params)).rows;
  }

  async function removeReturning(table: Table, match: Row): Promise<Row[]> {
    if (await driver.deleteReturning) return (await run(deleteStatement(table, match, true))).rows;
    // Without RETURNING, whoever's DELETE changed the row is the one that removed it.
    const found = await select(table, match);
    if (found.length === 0) return [];
    const { changes } = await run(deleteStatement(table, match, false));
    return changes > 0 ? found : [];
  }

  return {
    select,
    async insert(table, row) {
      await run(insertStatement(table, row));
      journal?.push(deleteStatement(table, pick(row, table.key), false));
    },
    async update(table, match, changes) {
      if (Object.keys(changes).length > 0) {
        const before = journal ? await select(table, match) : [];
        await run(updateStatement(table, match, changes));
        for (const row of before) {
          journal!.push(updateStatement(table, pick(row, table.key), pick(row, Object.keys(changes))));
        }
      }
      return (await select(table, match))[0] ?? null;
    },
    async remove(table, match) {
      const removed = await removeReturning(table, match);
      for (const row of removed) journal?.push(insertStatement(table, row));
      return removed;
    },
  };
}
