import type { Client, InValue, ResultSet, Transaction } from "@libsql/client";
import type { SqlDriver, SqlResult } from "./driver.js";
import { createGate } from "./gate.js";

/** A driver over an @libsql/client Client: local files, `:memory:` and libSQL servers alike. */
export function libsqlDriver(client: Client): SqlDriver {
  const gate = createGate();
  return {
    dialect: "sqlite",
    deleteReturning: true,
    query: (sql, params) => gate.shared(() => execute(client, sql, params)),
    transaction: (fn) =>
      gate.exclusive(async () => {
        const tx = await client.transaction("write");
        try {
          const result = await fn({ dialect: "sqlite", deleteReturning: true, query: (sql, params) => execute(tx, sql, params) });
          await tx.commit();
          return result;
        } finally {
          // closing a transaction that was not committed rolls it back
          tx.close();
        }
      }),
  };
}

async function execute(target: Client | Transaction, sql: string, params: readonly unknown[] = []): Promise<SqlResult> {
  return toResult(await target.execute({ sql, args: params as InValue[] }));
}

function toResult(result: ResultSet): SqlResult {
  const rows = result.rows.map((row) => Object.fromEntries(result.columns.map((column, i) => [column, row[i]])));
  return { rows, changes: result.rowsAffected };
}

export interface OpenOptions {
  /** Whether a file path that holds no database yet gets one, folders and all. Default true. */
  create?: boolean;
}

/** Opens a client with @libsql/client, imported only now so the driver stays an optional peer. */
export async function openLibsql(location: string, { create = true }: OpenOptions = {}): Promise<Client> {
  const file = localFile(location);
  if (file !== undefined) {
    const [{ access, mkdir }, { dirname }] = await Promise.all([import("node:fs/promises"), import("node:path")]);
    if (create) await mkdir(dirname(file), { recursive: true });
    else {
      await access(file).catch(() => {
        throw new Error(`there is no SQLite database at ${file}`);
      });
    }
  }
  const { createClient } = await import("@libsql/client");
  return createClient({ url: isUrl(location) ? location : `file:${location}` });
}

function isUrl(location: string): boolean {
  return location === ":memory:" || /^[a-z][a-z0-9+.-]*:/i.test(location);
}

/**
 * The file a location names on this machine: a plain path, or the path of a `file:` URL read the way
 * @libsql/client reads it (`file:dir/x.db`, `file:/abs/x.db`, `file:///abs/x.db`, with any query dropped).
 * Undefined for `:memory:` and remote URLs.
 */
export function localFile(location: string): string | undefined {
  if (!isUrl(location)) return location;
  const url = /^file:(?:\/\/[^/?#]*)?([^?#]*)/i.exec(location);
  return url ? decodeURIComponent(url[1]) : undefined;
}

/** Opens a client at `location`, hands its driver to `fn`, and closes it however `fn` ends. */
export async function withLibsql<T>(location: string, fn: (driver: SqlDriver) => Promise<T>, options?: OpenOptions): Promise<T> {
  const client = await openLibsql(location, options);
  try {
    return await fn(libsqlDriver(client));
  } finally {
    client.close();
  }
}
