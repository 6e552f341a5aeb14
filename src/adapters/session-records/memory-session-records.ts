import type { Revocation, SessionRecord, SessionRecordStore } from "./session-record-store.js";

const revocationKey = (revocation: Pick<Revocation, "kind" | "key">) => `${revocation.kind}:${revocation.key}`;

/**
 * Records and revocations in this process only: for the memory adapter, and the jwt strategy's fallback
 * without an adapter, where a revocation reaches no other instance. `tokensOf` lists a user's database
 * sessions, when there is a sessions table to list.
 */
export function memorySessionRecordStore(
  tokensOf: (userId: string) => string[] = () => [],
  now: () => number = Date.now,
): SessionRecordStore {
  const records = new Map<string, SessionRecord>();
  const revocations = new Map<string, Revocation>();
  const live = <T extends { expires: number }>(values: Iterable<T>) =>
    [...values].filter((value) => value.expires > now()).map((value) => structuredClone(value));

  function sweep(): void {
    const at = now();
    for (const [id, record] of records) if (record.expires <= at) records.delete(id);
    for (const [key, revocation] of revocations) if (revocation.expires <= at) revocations.delete(key);
  }

  return {
    async save(record) {
      const known = records.get(record.id);
      if (!known) sweep();
      const moved = known && {
        ...known,
        lastActiveAt: record.lastActiveAt,
        expires: record.expires,
        userAgent: record.userAgent,
        ip: record.ip,
        provedAt: record.provedAt ?? known.provedAt,
        methods: record.methods ?? known.methods,
      };
      records.set(record.id, structuredClone(moved || record));
    },
    async list(userId) {
      return live(records.values())
        .filter((record) => record.userId === userId)
        .sort((a, b) => a.createdAt - b.createdAt);
    },
    async find(id) {
      return live([records.get(id)].filter((record) => record !== undefined))[0] ?? null;
    },
    async findByProvider({ provider, sid, sub }) {
      return live(records.values()).filter(
        (record) =>
          record.provider === provider &&
          (sid !== undefined ? record.providerSid === sid : sub !== undefined && record.providerSub === sub),
      );
    },
    async remove(ids) {
      for (const id of ids) records.delete(id);
    },
    async revoke(list) {
      for (const revocation of list) revocations.set(revocationKey(revocation), { ...revocation });
    },
    async revokedSince(since) {
      return live(revocations.values()).filter((revocation) => revocation.revokedAt >= since);
    },
    async sessionTokens(userId) {
      return tokensOf(userId);
    },
  };
}
