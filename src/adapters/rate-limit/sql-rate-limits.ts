import type { SqlDriver } from "../sql/driver.js";
import type { RateLimitStore } from "./rate-limit-store.js";

/** Closed windows deleted at a time, after about one increment in 32: the table stays near its live size. */
const purgeBatch = 100;
const purgeChance = 1 / 32;

const table = `"sekisho_rate_limits"`;

/**
 * One upsert: a new key opens a window; a closed window reopens at 1; an open one counts up. Every
 * SET reads the row as it was, on MySQL too: its SET sees earlier assignments, and `hits` goes first.
 */
function upsert(dialect: SqlDriver["dialect"], slide: boolean): string {
  const closed = dialect === "mysql" ? `"reset_at" <= ?` : `${table}."reset_at" <= ?`;
  const hits = `CASE WHEN ${closed} THEN 1 ELSE ${dialect === "mysql" ? `"hits"` : `${table}."hits"`} + 1 END`;
  const resetAt = slide
    ? "?"
    : `CASE WHEN ${closed} THEN ? ELSE ${dialect === "mysql" ? `"reset_at"` : `${table}."reset_at"`} END`;
  const insert = `INSERT INTO ${table} ("bucket", "hits", "reset_at") VALUES (?, 1, ?)`;
  return dialect === "mysql"
    ? `${insert} ON DUPLICATE KEY UPDATE "hits" = ${hits}, "reset_at" = ${resetAt}`
    : `${insert} ON CONFLICT ("bucket") DO UPDATE SET "hits" = ${hits}, "reset_at" = ${resetAt} RETURNING "hits", "reset_at"`;
}

function purge(dialect: SqlDriver["dialect"]): string {
  return dialect === "mysql"
    ? `DELETE FROM ${table} WHERE "reset_at" <= ? LIMIT ${purgeBatch}`
    : `DELETE FROM ${table} WHERE "bucket" IN (SELECT "bucket" FROM ${table} WHERE "reset_at" <= ? LIMIT ${purgeBatch})`;
}

/**
 * Rate-limit counters in the `sekisho_rate_limits` table (migrations/), one row per key. PostgreSQL, SQLite
 * and D1 count in one `INSERT ... ON CONFLICT ... RETURNING`; MySQL, which returns nothing from an upsert,
 * reads its row back inside the same transaction, while the upsert's row lock keeps others out.
 */
export function sqlRateLimitStore(driver: SqlDriver, purgeAfter = () => Math.random() < purgeChance): RateLimitStore {
  async function count(key: string, windowMs: number, slide: boolean) {
    const now = Date.now();
    const params = slide ? [key, now + windowMs, now, now + windowMs] : [key, now + windowMs, now, now, now + windowMs];
    if (driver.dialect !== "mysql") return (await driver.query(upsert(driver.dialect, slide), params)).rows[0];
    const readBack = async (tx: SqlDriver) => {
      await tx.query(upsert("mysql", slide), params);
      return (await tx.query(`SELECT "hits", "reset_at" FROM ${table} WHERE "bucket" = ?`, [key])).rows[0];
    };
    return driver.transaction ? driver.transaction(readBack) : readBack(driver);
  }

  return {
    async increment(key, windowMs, slide = false) {
      const row = await count(key, windowMs, slide);
      // the count stands either way; a purge that failed leaves its rows to the next one
      if (purgeAfter()) await driver.query(purge(driver.dialect), [Date.now()]).catch(() => undefined);
      return { count: Number(row.hits), resetAt: Number(row.reset_at) };
    },
    async peek(key) {
      const { rows } = await driver.query(`SELECT "hits" FROM ${table} WHERE "bucket" = ? AND "reset_at" > ?`, [key, Date.now()]);
      return rows.length > 0 ? Number(rows[0].hits) : 0;
    },
  };
}
