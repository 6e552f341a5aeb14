import type { LoggerInstance, WarningCode } from "../logger.js";
import type { Memo } from "../memo.js";

const warnedKey = Symbol.for("sekisho.warnedOnce");

/** Logs a warning the first time an instance (its memo) meets it, whether at start-up or at a later call. */
export function warnOnce(runtime: { memo: Memo }, logger: LoggerInstance, code: WarningCode): void {
  const warned = runtime.memo(warnedKey, () => new Set<WarningCode>());
  if (warned.has(code)) return;
  warned.add(code);
  logger.warn(code);
}
