import { adapterCall } from "../adapters/call.js";
import { supportsDetach, supportsTransactions } from "../adapters/extensions.js";
import type { Adapter, AdapterUser } from "../adapters/types.js";
import type { ResolvedConfig } from "../config/types.js";

/**
 * A user whose email was never verified belongs to whoever first used the address: anyone can register a
 * passkey or bring an OAuth profile for an address they do not own. A sign-in that proves the address takes
 * such a user over with nothing of theirs left attached: every linked account, passkey and database session
 * goes. Adapters without `detachUser` (the contract lists neither accounts nor sessions) get a new user in
 * place of the old one, made from its fields, so nothing can be missed.
 */
export async function claimUnverifiedUser(config: ResolvedConfig, user: AdapterUser): Promise<AdapterUser> {
  if (user.emailVerified) return user;
  const adapter = config.adapter as Adapter;
  if (supportsDetach(adapter)) {
    await adapter.detachUser(user.id);
    return user;
  }
  const replace = async (target: Adapter) => {
    const scoped = { ...config, adapter: target };
    await adapterCall(scoped, "deleteUser")(user.id);
    return adapterCall(scoped, "createUser")({ ...user, id: crypto.randomUUID() });
  };
  return supportsTransactions(adapter) ? adapter.transaction(replace) : replace(adapter);
}
