/**
 * Keeps each key's value, made on first use, for as long as its owner lives. Keys are registered symbols
 * (`Symbol.for`), so that copies of sekisho a bundler made (one per Next.js route bundle) agree on them.
 */
export type Memo = <T>(key: symbol, make: () => T) => T;

/** A memo of its own: instances given different memos never share a value. */
export function createMemo(): Memo {
  const kept = new Map<symbol, unknown>();
  return <T>(key: symbol, make: () => T): T => {
    let value = kept.get(key) as T | undefined;
    if (value === undefined) kept.set(key, (value = make()));
    return value;
  };
}
