import type { FactorKind, UserFactor, UserFactorStore } from "./factor-store.js";

const keyOf = (userId: string, kind: FactorKind, id: string) => JSON.stringify([userId, kind, id]);

/** Factors in this process only: the memory adapter's, in its state's `factors` map when given. */
export function memoryUserFactorStore(
  now: () => number = Date.now,
  factors: Map<string, UserFactor> = new Map(),
): UserFactorStore {
  const live = (factor: UserFactor | undefined): factor is UserFactor =>
    factor !== undefined && (factor.expires === undefined || factor.expires > now());
  return {
    async put(factor) {
      for (const [key, known] of factors) if (!live(known)) factors.delete(key);
      factors.set(keyOf(factor.userId, factor.kind, factor.id), { ...factor });
    },
    async list(userId, kind) {
      return [...factors.values()]
        .filter((factor) => live(factor) && factor.userId === userId && (kind === undefined || factor.kind === kind))
        .sort((a, b) => a.createdAt - b.createdAt)
        .map((factor) => ({ ...factor }));
    },
    async get(userId, kind, id) {
      const factor = factors.get(keyOf(userId, kind, id));
      return live(factor) ? { ...factor } : null;
    },
    async take(userId, kind, id) {
      const key = keyOf(userId, kind, id);
      const found = live(factors.get(key));
      factors.delete(key);
      return found;
    },
    async touch(userId, kind, id, lastUsedAt) {
      const factor = factors.get(keyOf(userId, kind, id));
      if (factor) factor.lastUsedAt = lastUsedAt;
    },
    async removeAll(userId, kind) {
      let removed = 0;
      for (const [key, factor] of factors)
        if (factor.userId === userId && (kind === undefined || factor.kind === kind)) {
          factors.delete(key);
          removed++;
        }
      return removed;
    },
  };
}
