import type { Pool, PoolConnection, ResultSetHeader, RowDataPacket } from "mysql2/promise";
import { backtickIdentifiers, type SqlDriver } from "./driver.js";

export interface MySQLDriverOptions {
  /**
   * Whether the server runs `DELETE ... RETURNING`: MariaDB does, MySQL does not. When omitted,
   * the server's version string is asked once.
   */
  deleteReturning?: boolean;
}

/** A driver over a mysql2/promise Pool, for MySQL and MariaDB. */
export function mysqlDriver(pool: Pool, options: MySQLDriverOptions = {}): SqlDriver {
  let detected: Promise<boolean> | undefined;
  const deleteReturning = () =>
    options.deleteReturning ??
    (detected ??= isMariaDB(pool).catch((error: unknown) => {
      detected = undefined;
      throw error;
    }));

  const on = (target: Pool | PoolConnection): SqlDriver => ({
    dialect: "mysql",
    get deleteReturning() {
      return deleteReturning();
    },
    async query(sql, params = []) {
      const [result] = await target.query<RowDataPacket[] | ResultSetHeader>(backtickIdentifiers(sql), params.map(scalar));
      return Array.isArray(result) ? { rows: result, changes: result.length } : { rows: [], changes: result.affectedRows };
    },
  });

  const driver = on(pool);
  driver.transaction = async (fn) => {
    const connection = await pool.getConnection();
    let broken = false;
    try {
      await connection.beginTransaction();
      const result = await fn(on(connection));
      await connection.commit();
      return result;
    } catch (error) {
      await connection.rollback().catch(() => (broken = true));
      throw error;
    } finally {
      if (broken) connection.destroy();
      else connection.release();
    }
  };
  return driver;
}

/**
 * A parameter as mysql2's `query()` gets it. That call writes values into the SQL text itself: an array becomes a
 * list (`["alice@example.com"]` matches as the address would) and, in the mysql2 3.x releases that escape with
 * sqlstring, an object becomes `column = value` conditions. Every value the adapter binds is a scalar, a Date or bytes; anything else, from a
 * caller that passed request data through unchecked, is refused before it can become SQL.
 */
function scalar(value: unknown): unknown {
  if (value === null || typeof value !== "object" || value instanceof Date || ArrayBuffer.isView(value)) return value;
  throw new TypeError("A SQL parameter must be a string, number, boolean, Date or bytes, never an array or object.");
}

async function isMariaDB(pool: Pool): Promise<boolean> {
  const [rows] = await pool.query<RowDataPacket[]>("SELECT VERSION() AS version");
  return /mariadb/i.test(String(rows[0]?.version));
}
