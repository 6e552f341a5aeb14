import type { PurgeResult } from "./extensions.js";
import { withConnection } from "./sql/connect.js";
import { SqlAdapter } from "./sql/core.js";
import type { MigrateOptions } from "./migrate.js";

export type PurgeOptions = MigrateOptions;

/**
 * Opens a connection with the dialect's driver, deletes the sessions and verification tokens that
 * have expired, closes it again. A SQLite file has to be there already: a mistyped path is refused
 * rather than given a new, empty database.
 */
export function purge({ dialect, url }: PurgeOptions): Promise<PurgeResult> {
  return withConnection({ dialect, url, create: false }, (driver) => SqlAdapter(driver).purgeExpired());
}
