import type { Pool, PoolClient } from "pg";
import { numberedPlaceholders, type SqlDriver } from "./driver.js";

/** A driver over a pg Pool. A transaction holds one pooled client from BEGIN to COMMIT. */
export function postgresDriver(pool: Pool): SqlDriver {
  return {
    ...on(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      // The pool stops listening to a client it lent out: a connection lost meanwhile would be an uncaught 'error' event.
      const lost = (error: Error) => void (broken ??= error);
      client.on("error", lost);
      try {
        await client.query("BEGIN");
        const result = await fn(on(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch((failure: Error) => (broken = failure));
        throw error;
      } finally {
        client.off("error", lost);
        // a client whose rollback failed is in an unknown state: drop it from the pool
        client.release(broken);
      }
    },
  };
}

function on(target: Pool | PoolClient): SqlDriver {
  return {
    dialect: "postgres",
    deleteReturning: true,
    async query(sql, params = []) {
      const result = await target.query(numberedPlaceholders(sql), params as unknown[]);
      return { rows: result.rows, changes: result.rowCount ?? 0 };
    },
  };
}
