import type { Pool, PoolClient } from "pg";
import { sha256Hex } from "../../crypto.js";
import { numberedPlaceholders, type SqlDriver } from "./driver.js";

export interface PostgresOptions {
  /**
   * Run parameterized statements as named prepared statements, so PostgreSQL parses and plans each
   * once per connection (a session lookup takes about half the time). Default true. Set false behind
   * a pooler in transaction mode that cannot keep them (PgBouncer before 1.21, or without
   * `max_prepared_statements`); a server that loses them is also detected and they are turned off.
   */
  preparedStatements?: boolean;
}

/**
 * Errors raised before a prepared statement runs, when the connection no longer holds it (a pooler
 * switched server connections), holds another by that name, or its plan went stale after a schema
 * change. The statement did nothing, so it is safe to run it again unprepared.
 */
const lostPreparedStatement = new Set(["26000", "42P05", "0A000"]);

/**
 * A statement's name comes from its text alone, so every driver (and every process) sharing a connection
 * gives one text one name, and two texts never meet under one name.
 */
async function statementName(text: string): Promise<string> {
  return `sekisho_${(await sha256Hex(text)).slice(0, 24)}`;
}

/** A driver over a pg Pool. A transaction holds one pooled client from BEGIN to COMMIT. */
export function postgresDriver(pool: Pool, options: PostgresOptions = {}): SqlDriver {
  let prepare = options.preparedStatements ?? true;
  const names = new Map<string, string>();
  const nameFor = async (text: string): Promise<string> => {
    const name = await statementName(text);
    names.set(text, name);
    return name;
  };
  return {
    dialect: "postgres",
    deleteReturning: true,
    async query(sql, params = []) {
      const text = numberedPlaceholders(sql);
      const values = params as unknown[];
      if (!prepare || values.length === 0) return toResult(await pool.query(text, values));
      try {
        const name = names.get(text) ?? (await nameFor(text));
        return toResult(await pool.query({ name, text, values }));
      } catch (error) {
        if (!lostPreparedStatement.has((error as { code?: string }).code ?? "")) throw error;
        prepare = false;
        return toResult(await pool.query(text, values));
      }
    },
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      // The pool stops listening to a client it lent out: a connection lost meanwhile would be an uncaught 'error' event.
      const lost = (error: Error) => void (broken ??= error);
      client.on("error", lost);
      try {
        await client.query("BEGIN");
        const result = await fn(onClient(client));
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

/** Statements inside a transaction run unprepared: an error there aborts the transaction, so none could be retried. */
function onClient(client: PoolClient): SqlDriver {
  return {
    dialect: "postgres",
    deleteReturning: true,
    async query(sql, params = []) {
      return toResult(await client.query(numberedPlaceholders(sql), params as unknown[]));
    },
  };
}

function toResult(result: { rows: Record<string, unknown>[]; rowCount: number | null }) {
  return { rows: result.rows, changes: result.rowCount ?? 0 };
}
