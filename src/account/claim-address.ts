import type { ResolvedConfig } from "../config/resolved-config.js";
import { emit } from "../config/events.js";
import { storeOf } from "../config/store.js";

/**
 * Gives the user the address, verified now, unless another user holds it; false when one does. Of two users who
 * confirm one address at once, the adapter's unique email (every sekisho adapter has one, as Auth.js's schemas do)
 * lets one update through: the other's fails, and finding the address taken, it answers false.
 */
export async function claimAddress(config: ResolvedConfig, userId: string, email: string): Promise<boolean> {
  const store = storeOf(config);
  if (await store.getUserByEmail(email)) return false;
  try {
    const user = await store.updateUser({ id: userId, email, emailVerified: new Date() });
    await emit(config, "updateUser", { user });
    return true;
  } catch (error) {
    const holder = await store.getUserByEmail(email);
    if (holder && holder.id !== userId) return false;
    throw error;
  }
}
