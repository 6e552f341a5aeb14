import type { Runtime } from "./types.js";

/** The instance's memo: each key's value is made on first use and kept as long as the instance. */
export function createMemo(): Runtime["memo"] {
  const kept = new Map<symbol, unknown>();
  return <T>(key: symbol, make: () => T): T => {
    let value = kept.get(key) as T | undefined;
    if (value === undefined) kept.set(key, (value = make()));
    return value;
  };
}
