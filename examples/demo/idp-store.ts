/**
 * The local IdP's storage: oidc-provider's adapter interface over Maps, one store per model. Its own
 * development adapter does the same, but announces itself on every start.
 */

interface Entry {
  payload: Record<string, unknown>;
  expiresAt: number;
}

type Store = Map<string, Entry>;

/** An adapter class for oidc-provider; every instance of a model shares that model's Map. */
export function memoryAdapter() {
  const stores = new Map<string, Store>();
  const storeOf = (model: string) => {
    let store = stores.get(model);
    if (!store) stores.set(model, (store = new Map()));
    return store;
  };
  // The grant of each id, kept across models so that revoking a grant reaches its tokens.
  const byGrant = new Map<string, Array<[Store, string]>>();

  return class MemoryAdapter {
    private readonly store: Store;

    constructor(model: string) {
      this.store = storeOf(model);
    }

    private live(id: string): Entry | undefined {
      const entry = this.store.get(id);
      if (entry && entry.expiresAt < Date.now()) this.store.delete(id);
      return this.store.get(id);
    }

    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number): Promise<void> {
      this.store.set(id, { payload, expiresAt: Date.now() + expiresIn * 1000 });
      const grantId = payload.grantId;
      if (typeof grantId === "string") byGrant.set(grantId, [...(byGrant.get(grantId) ?? []), [this.store, id]]);
    }

    async find(id: string) {
      return this.live(id)?.payload;
    }

    async findByUid(uid: string) {
      for (const [id, entry] of this.store) if (entry.payload.uid === uid) return this.find(id);
      return undefined;
    }

    async findByUserCode(userCode: string) {
      for (const [id, entry] of this.store) if (entry.payload.userCode === userCode) return this.find(id);
      return undefined;
    }

    async consume(id: string): Promise<void> {
      const entry = this.live(id);
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      this.store.delete(id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [store, id] of byGrant.get(grantId) ?? []) store.delete(id);
      byGrant.delete(grantId);
    }
  };
}
