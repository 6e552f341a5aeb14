import type { Redis } from "ioredis";

/**
 * The undo log of a Redis "transaction": before a key is first written, its serialized value and
 * time to live are kept (DUMP, PTTL); rolling back puts every such key back as it was. Best
 * effort: other clients see the writes before the rollback, and may have changed the keys since.
 */
export interface Journal {
  /** Call before writing `keys`. */
  touch(keys: string[]): Promise<void>;
  rollback(): Promise<void>;
}

interface Snapshot {
  dump: Buffer | null;
  pttl: number;
}

export function createJournal(client: Redis): Journal {
  const snapshots = new Map<string, Snapshot>();
  return {
    async touch(keys) {
      const fresh = [...new Set(keys)].filter((key) => !snapshots.has(key));
      if (fresh.length === 0) return;
      const pipeline = client.pipeline();
      for (const key of fresh) pipeline.dumpBuffer(key).pttl(key);
      const results = (await pipeline.exec()) ?? [];
      fresh.forEach((key, i) => {
        const [[dumpError, dump], [ttlError, pttl]] = [results[2 * i], results[2 * i + 1]];
        if (dumpError || ttlError) throw dumpError ?? ttlError;
        snapshots.set(key, { dump: dump as Buffer | null, pttl: pttl as number });
      });
    },
    async rollback() {
      const multi = client.multi();
      for (const [key, { dump, pttl }] of snapshots) {
        // a PTTL of -1 means "no expiry", which RESTORE spells 0
        if (dump) multi.restore(key, Math.max(pttl, 0), dump, "REPLACE");
        else multi.del(key);
      }
      const results = (await multi.exec()) ?? [];
      const failure = results.find(([error]) => error)?.[0];
      if (failure) throw failure;
    },
  };
}
