/**
 * An object that stands for a value made only once a suite's hooks run (a server, a database), so the
 * suite can hold it in a `const` and use it as the value itself: every property read and write goes
 * to what `current` returns at that moment.
 */
export function standIn<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    set: (_, key, value) => Reflect.set(current(), key, value),
  });
}
