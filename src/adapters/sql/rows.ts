import type { Row, SqlDriver, Statement } from "./driver.js";
import type { Table } from "./tables.js";

/**
 * Row-level reads and writes on one table, matched by column equality (`removeBelow`: by one
 * column's order). With a `journal`, each write first appends the statements that would undo it:
 * the compensation log used where the database has no interactive transactions.
 */
export interface Rows {
  select(table: Table, match: Row): Promise<Row[]>;
  insert(table: Table, row: Row): Promise<void>;
  /** Sets `changes` on the matching rows and returns the first of them as it now is, or null. */
  update(table: Table, match: Row, changes: Row): Promise<Row | null>;
  /** Deletes the matching rows and returns them; a row another caller deleted first is not returned. */
  remove(table: Table, match: Row): Promise<Row[]>;
  /** Deletes the rows whose `column` holds a value below `limit`, at most `count` of them; returns how many went. */
  removeBelow(table: Table, column: string, limit: unknown, count?: number): Promise<number>;
}

const quote = (identifier: string) => `"${identifier}"`;

function equalities(row: Row, separator: string): Statement {
  const columns = Object.keys(row);
  return { sql: columns.map((c) => `${quote(c)} = ?`).join(separator), params: Object.values(row) };
}

/** The WHERE condition of rows equal to `match` in each of its columns. */
const matching = (match: Row) => equalities(match, " AND ");

export function insertStatement(table: Table, row: Row): Statement {
  const columns = Object.keys(row);
  return {
    sql: `INSERT INTO ${quote(table.name)} (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    params: Object.values(row),
  };
}

function updateStatement(table: Table, match: Row, changes: Row): Statement {
  const set = equalities(changes, ", ");
  const where = matching(match);
  return { sql: `UPDATE ${quote(table.name)} SET ${set.sql} WHERE ${where.sql}`, params: [...set.params, ...where.params] };
}

function deleteStatement(table: Table, where: Statement, returning: boolean): Statement {
  return { sql: `DELETE FROM ${quote(table.name)} WHERE ${where.sql}${returning ? " RETURNING *" : ""}`, params: where.params };
}

/**
 * At most `count` of the rows `where` matches, by key. The inner select sits in a derived table because
 * MySQL and MariaDB refuse a LIMIT in an IN subquery, and a subquery on the table a DELETE changes.
 */
function firstOf(table: Table, where: Statement, count: number): Statement {
  const key = table.key.map(quote).join(", ");
  return {
    sql: `(${key}) IN (SELECT * FROM (SELECT ${key} FROM ${quote(table.name)} WHERE ${where.sql} LIMIT ${count}) AS "chosen")`,
    params: where.params,
  };
}

function pick(row: Row, columns: readonly string[]): Row {
  return Object.fromEntries(columns.map((c) => [c, row[c]]));
}

export function rows(driver: SqlDriver, journal?: Statement[]): Rows {
  const run = (statement: Statement) => driver.query(statement.sql, statement.params);

  async function select(table: Table, where: Statement): Promise<Row[]> {
    return (await driver.query(`SELECT * FROM ${quote(table.name)} WHERE ${where.sql}`, where.params)).rows;
  }

  async function removeReturning(table: Table, where: Statement): Promise<Row[]> {
    if (await driver.deleteReturning) return (await run(deleteStatement(table, where, true))).rows;
    // Without RETURNING, whoever's DELETE changed the row is the one that removed it.
    const found = await select(table, where);
    if (found.length === 0) return [];
    const { changes } = await run(deleteStatement(table, where, false));
    return changes > 0 ? found : [];
  }

  async function removeJournaled(table: Table, where: Statement): Promise<Row[]> {
    const removed = await removeReturning(table, where);
    for (const row of removed) journal?.push(insertStatement(table, row));
    return removed;
  }

  return {
    select: (table, match) => select(table, matching(match)),
    async insert(table, row) {
      await run(insertStatement(table, row));
      journal?.push(deleteStatement(table, matching(pick(row, table.key)), false));
    },
    async update(table, match, changes) {
      if (Object.keys(changes).length > 0) {
        const before = journal ? await select(table, matching(match)) : [];
        await run(updateStatement(table, match, changes));
        for (const row of before) {
          journal!.push(updateStatement(table, pick(row, table.key), pick(row, Object.keys(changes))));
        }
      }
      return (await select(table, matching(match)))[0] ?? null;
    },
    remove: (table, match) => removeJournaled(table, matching(match)),
    async removeBelow(table, column, limit, count) {
      const all = { sql: `${quote(column)} < ?`, params: [limit] };
      const below = count === undefined ? all : firstOf(table, all, count);
      // Only an undo log needs the rows themselves; otherwise, however many there are, a count will do.
      if (journal) return (await removeJournaled(table, below)).length;
      return (await run(deleteStatement(table, below, false))).changes;
    },
  };
}
