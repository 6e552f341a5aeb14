import { storeOf, type Store } from "../config/store.js";
import type { AdapterUser } from "../adapters/adapter-contract.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { emit } from "../config/events.js";
import { strategyOf } from "../session/strategy.js";

/** Marks the user's address verified, and tells the `updateUser` event. */
export async function markVerified(config: ResolvedConfig, user: AdapterUser): Promise<AdapterUser> {
  const verified = await storeOf(config).updateUser({ id: user.id, emailVerified: new Date() });
  await emit(config, "updateUser", { user: verified });
  return verified;
}

/**
 * The first proof of a user's address, from a browser not signed in as that user, claims it. Until then
 * nothing proved that anything attached to it belongs to the address's owner (every proof marks the address
 * verified), so every linked account, passkey and session goes (jwt sessions by their recorded ids, since a
 * cookie naming the user's id would otherwise stay valid); its id and profile stay, now verified. A verified
 * user is never claimed.
 *
 * The address is marked verified before anything is removed: an attachment that a signed-in holder of the old
 * credentials makes meanwhile either lands before the removal and goes with it, or finds the user verified
 * afterwards and is undone (`keepIfStillUnverified`). Adapters without `detachUser` (the contract lists
 * neither accounts nor sessions) get a new user in place of the old one, made from its fields.
 */
export async function claimUnverifiedUser(config: ResolvedConfig, user: AdapterUser): Promise<AdapterUser> {
  const store = storeOf(config);
  if (!store.detachUser) return replaceUser(config, store, user);
  const verified = await markVerified(config, user);
  try {
    await store.detachUser(user.id);
    await detachFactorsKeptApart(config, user.id);
  } catch (error) {
    // a user left verified with its unproven ways in would never be claimed again
    await store.updateUser({ id: user.id, emailVerified: null });
    throw error;
  }
  await strategyOf(config).endClaimedSessions(config, user.id);
  return verified;
}

/**
 * The factors a `userFactors` store keeps apart from the adapter (a password, TOTP, backup codes, trusted devices):
 * `detachUser` reaches only the adapter's own, and an imported password or a factor enrolled without proof would
 * otherwise outlive the claim.
 */
async function detachFactorsKeptApart(config: ResolvedConfig, userId: string): Promise<void> {
  const apart = config.userFactors;
  if (!apart) return;
  for (const factor of await apart.list(userId)) await apart.take(userId, factor.kind, factor.id);
}

async function replaceUser(config: ResolvedConfig, store: Store, user: AdapterUser): Promise<AdapterUser> {
  await strategyOf(config).endClaimedSessions(config, user.id);
  const replace = async (target: Store) => {
    await target.deleteUser(user.id);
    return target.createUser({ ...user, id: crypto.randomUUID(), emailVerified: new Date() });
  };
  const created = await (store.transaction ? store.transaction(replace) : replace(store));
  await emit(config, "updateUser", { user: created });
  return created;
}
