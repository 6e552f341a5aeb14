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
      const [result] = await target.query<RowDataPacket[] | ResultSetHeader>(backtickIdentifiers(sql), [...params]);
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

async function isMariaDB(pool: Pool): Promise<boolean> {
  const [rows] = await pool.query<RowDataPacket[]>("SELECT VERSION() AS version");
  return /mariadb/i.test(String(rows[0]?.version));
}
