import { adapterCall } from "../config/adapter-call.js";
import { supportsDetach, supportsTransactions } from "../adapters/extensions.js";
import type { Adapter, AdapterUser } from "../adapters/types.js";
import type { ResolvedConfig } from "../config/types.js";
import { sessionRecordStore } from "../session/records/instance.js";
import { endSessions } from "../session/revocation/revoke.js";

/**
 * A user whose email was never verified belongs to whoever first used the address: anyone can register a
 * passkey or bring an OAuth profile for an address they do not own. A sign-in that proves the address takes
 * such a user over with nothing of theirs left attached: every linked account, passkey and session goes (jwt
 * sessions by their recorded ids, since a cookie naming the user's id would otherwise stay valid). Adapters
 * without `detachUser` (the contract lists neither accounts nor sessions) get a new user in place of the old
 * one, made from its fields, so nothing can be missed.
 */
export async function claimUnverifiedUser(config: ResolvedConfig, user: AdapterUser): Promise<AdapterUser> {
  if (user.emailVerified) return user;
  if (config.session.strategy === "jwt") await endSessions(config, await sessionRecordStore(config).store.list(user.id));
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
