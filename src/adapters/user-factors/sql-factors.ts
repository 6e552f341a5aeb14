import type { Row, SqlDriver } from "../sql/driver.js";
import { decodeRow, encodeRow, userFactors } from "../sql/tables.js";
import { upsertStatement } from "../sql/upsert.js";
import type { FactorKind, UserFactor, UserFactorStore } from "./factor-store.js";

/** Expired rows are deleted about once in `purgeEvery` writes. */
const purgeEvery = 32;

const table = `"${userFactors.name}"`;
const columns = Object.keys(userFactors.columns);
const select = `SELECT ${columns.map((column) => `"${column}"`).join(", ")} FROM ${table}`;
const byKey = `"user_id" = ? AND "kind" = ? AND "id" = ?`;
const unexpired = `("expires_at" IS NULL OR "expires_at" > ?)`;

/** The condition on the user's rows, of one kind when given, and its parameters. */
function ofUser(userId: string, kind: FactorKind | undefined): { sql: string; params: unknown[] } {
  return kind === undefined
    ? { sql: `"user_id" = ?`, params: [userId] }
    : { sql: `"user_id" = ? AND "kind" = ?`, params: [userId, kind] };
}

function toFactor(row: Row): UserFactor {
  const r = decodeRow(userFactors, row);
  const factor: UserFactor = {
    userId: String(r.user_id),
    kind: r.kind as FactorKind,
    id: String(r.id),
    secret: String(r.secret),
    createdAt: Number(r.created_at),
    confirmed: r.confirmed === true,
  };
  if (r.label !== null) factor.label = String(r.label);
  if (r.last_used_at !== null) factor.lastUsedAt = Number(r.last_used_at);
  if (r.expires_at !== null) factor.expires = Number(r.expires_at);
  return factor;
}

/**
 * Factors in `sekisho_user_factors` (migrations/), one row each. `take` is one DELETE, so of two concurrent
 * takes of one factor the database lets one change the row and tells the other it changed none.
 */
export function sqlUserFactorStore(driver: SqlDriver): UserFactorStore {
  const putSql = upsertStatement(driver.dialect, userFactors.name, {
    columns,
    key: userFactors.key,
    moving: columns.filter((column) => !userFactors.key.includes(column)),
  });
  const rows = async (sql: string, params: unknown[]) => (await driver.query(sql, params)).rows;

  return {
    async put(factor) {
      const row = encodeRow(
        userFactors,
        {
          user_id: factor.userId,
          kind: factor.kind,
          id: factor.id,
          secret: factor.secret,
          label: factor.label,
          created_at: factor.createdAt,
          last_used_at: factor.lastUsedAt,
          expires_at: factor.expires,
          confirmed: factor.confirmed,
        },
        driver.dialect,
      );
      await driver.query(putSql, Object.values(row));
      // the factor stands either way; a purge that failed leaves its rows to the next one
      if (Math.random() * purgeEvery < 1)
        await driver.query(`DELETE FROM ${table} WHERE "expires_at" <= ?`, [Date.now()]).catch(() => undefined);
    },
    async list(userId, kind) {
      const where = ofUser(userId, kind);
      const found = await rows(`${select} WHERE ${where.sql} AND ${unexpired} ORDER BY "created_at", "kind", "id"`, [
        ...where.params,
        Date.now(),
      ]);
      return found.map(toFactor);
    },
    async get(userId, kind, id) {
      const [row] = await rows(`${select} WHERE ${byKey} AND ${unexpired}`, [userId, kind, id, Date.now()]);
      return row ? toFactor(row) : null;
    },
    async take(userId, kind, id) {
      const { changes } = await driver.query(`DELETE FROM ${table} WHERE ${byKey} AND ${unexpired}`, [
        userId,
        kind,
        id,
        Date.now(),
      ]);
      return changes > 0;
    },
    async touch(userId, kind, id, lastUsedAt) {
      await driver.query(`UPDATE ${table} SET "last_used_at" = ? WHERE ${byKey}`, [lastUsedAt, userId, kind, id]);
    },
    async removeAll(userId, kind) {
      const where = ofUser(userId, kind);
      return (await driver.query(`DELETE FROM ${table} WHERE ${where.sql}`, where.params)).changes;
    },
  };
}
