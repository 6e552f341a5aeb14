import { adapterCall } from "../config/adapter-call.js";
import { supportsDetach, supportsTransactions } from "../adapters/extensions.js";
import type { Adapter, AdapterUser } from "../adapters/adapter-contract.js";
import type { ResolvedConfig } from "../config/config-types.js";
import { emit } from "../config/events.js";
import { strategyOf } from "../session/strategy.js";

/** Marks the user's address verified, and tells the `updateUser` event. */
export async function markVerified(config: ResolvedConfig, user: AdapterUser): Promise<AdapterUser> {
  const verified = await adapterCall(config, "updateUser")({ id: user.id, emailVerified: new Date() });
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
  const adapter = config.adapter as Adapter;
  if (!supportsDetach(adapter)) return replaceUser(config, adapter, user);
  const verified = await markVerified(config, user);
  try {
    await adapter.detachUser(user.id);
  } catch (error) {
    // a user left verified with its unproven ways in would never be claimed again
    await adapterCall(config, "updateUser")({ id: user.id, emailVerified: null });
    throw error;
  }
  await strategyOf(config).endClaimedSessions(config, user.id);
  return verified;
}

async function replaceUser(config: ResolvedConfig, adapter: Adapter, user: AdapterUser): Promise<AdapterUser> {
  await strategyOf(config).endClaimedSessions(config, user.id);
  const replace = async (target: Adapter) => {
    const scoped = { ...config, adapter: target };
    await adapterCall(scoped, "deleteUser")(user.id);
    return adapterCall(scoped, "createUser")({ ...user, id: crypto.randomUUID(), emailVerified: new Date() });
  };
  const created = await (supportsTransactions(adapter) ? adapter.transaction(replace) : replace(adapter));
  await emit(config, "updateUser", { user: created });
  return created;
}
