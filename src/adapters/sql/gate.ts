/**
 * A readers-writer gate for SQLite connections that one process shares. A transaction waits for
 * the statements already running, then runs alone; statements arriving meanwhile wait for it. On a
 * single connection this keeps unrelated statements out of an open transaction; across a pool it
 * keeps them from colliding with its write lock.
 */
export interface Gate {
  shared<T>(fn: () => Promise<T>): Promise<T>;
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

export function createGate(): Gate {
  let running = 0;
  let drained: (() => void) | undefined;
  /** Settles when the open transaction ends; set while one is waiting or running. */
  let writer: Promise<void> | undefined;
  let queue: Promise<void> = Promise.resolve();

  return {
    async shared(fn) {
      while (writer) await writer;
      running++;
      try {
        return await fn();
      } finally {
        if (--running === 0) drained?.();
      }
    },
    async exclusive(fn) {
      const previous = queue;
      let release!: () => void;
      const done = new Promise<void>((resolve) => (release = resolve));
      queue = done;
      await previous;
      writer = done;
      try {
        if (running > 0) await new Promise<void>((resolve) => (drained = resolve));
        drained = undefined;
        return await fn();
      } finally {
        writer = undefined;
        release();
      }
    },
  };
}
