import { sqlRateLimitStore } from "./rate-limit/sql-rate-limits.js";
import { withRateLimits, type AdapterRateLimits } from "./rate-limit/rate-limit-store.js";
import { sqlSessionRecordStore } from "./session-records/sql-session-records.js";
import { withSessionRecords, type AdapterSessionRecords } from "./session-records/session-record-store.js";
import type { TransactionalAdapter } from "./extensions.js";
import { SqlAdapter } from "./sql/core.js";
import type { SqlDriver } from "./sql/driver.js";
import { withUserFactors, type AdapterUserFactors } from "./user-factors/factor-store.js";
import { sqlUserFactorStore } from "./user-factors/sql-factors.js";

/** What each SQL adapter module hands an app: the adapter, with sekisho's stores on the same database. */
export function sqlAdapterWithStores(
  driver: SqlDriver,
): TransactionalAdapter & AdapterRateLimits & AdapterSessionRecords & AdapterUserFactors {
  const adapter = withRateLimits(SqlAdapter(driver), sqlRateLimitStore(driver));
  return withUserFactors(withSessionRecords(adapter, sqlSessionRecordStore(driver)), sqlUserFactorStore(driver));
}
