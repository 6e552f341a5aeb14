import type { AdapterUser } from "../adapters/adapter-contract.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { storeOf, type Store } from "../config/store.js";
import { countWaysIn, hasPassword, waysIn } from "./ways-in.js";

/** One way in to take off a user: how, through a store, and how to put it back. */
export interface Removal {
  /** Whether what goes counts as a way in (an account of a provider no longer configured does not). */
  isWayIn: boolean;
  remove(store: Store): Promise<void>;
  restore(store: Store): Promise<void>;
}

/**
 * Removes a way in unless it is the user's last. Two removals racing (two tabs, two instances) could each see
 * another way left before either removes. Where the store can hold the user in a transaction (sekisho's SQL
 * adapters), the count and the removal run there, one racer after the other, so the second counts what the first
 * left. Elsewhere each counts again after its own removal, and one that finds none left puts back what it removed:
 * the user keeps a way in, though for an instant between the removals and the putting back there is none.
 */
export async function removeKeepingAWayIn(
  config: ResolvedConfig,
  user: AdapterUser,
  removal: Removal,
): Promise<"removed" | "lastWayIn"> {
  const store = storeOf(config);
  if (store.withUserLocked) {
    const password = await hasPassword(config, user.id);
    return store.withUserLocked(user.id, async (tx) => {
      if (removal.isWayIn && countWaysIn(await waysIn(config, user, { store: tx, password })) <= 1) return "lastWayIn";
      await removal.remove(tx);
      return "removed";
    });
  }
  if (removal.isWayIn && countWaysIn(await waysIn(config, user)) <= 1) return "lastWayIn";
  await removal.remove(store);
  if (!removal.isWayIn || countWaysIn(await waysIn(config, user)) > 0) return "removed";
  await removal.restore(store);
  return "lastWayIn";
}
