/** Keeps each key's value, made on first use, for as long as its owner lives. */
export type Memo = <T>(key: symbol, make: () => T) => T;

/** The memo of one createAuth instance: two instances never share a value. */
export function createMemo(): Memo {
  const kept = new Map<symbol, unknown>();
  return <T>(key: symbol, make: () => T): T => {
    let value = kept.get(key) as T | undefined;
    if (value === undefined) kept.set(key, (value = make()));
    return value;
  };
}
