import type { ResolvedConfig } from "../../config/types.js";
import { createRevocationView, type RevocableToken, type RevocationView } from "../revocation/view.js";
import { memorySessionRecordStore } from "./memory-store.js";
import { adapterSessionRecords, type SessionRecordStore } from "./store.js";

const localStoresKey = Symbol.for("sekisho.sessionRecords.local");
const viewsKey = Symbol.for("sekisho.revocationViews");

/**
 * Where sessions are recorded and revocations kept: the adapter's store when it has one (sekisho's
 * adapters), shared by every instance; else `shared: false` and a store in this process alone, so a
 * revocation reaches no other process. The local store is one per secret: instances sharing a memo (Next.js's
 * route bundles, a lazy configuration's tenants) share it only when they accept each other's cookies, so
 * revoking user "1" of one configuration does not sign out user "1" of another.
 */
export function sessionRecordStore(config: ResolvedConfig): { store: SessionRecordStore; shared: boolean } {
  const store = adapterSessionRecords(config.adapter);
  if (store) return { store, shared: true };
  const local = config.runtime.memo(localStoresKey, () => new Map<string, SessionRecordStore>());
  const secrets = config.secrets.join("\n");
  let own = local.get(secrets);
  if (!own) local.set(secrets, (own = memorySessionRecordStore()));
  return { store: own, shared: false };
}

/** The instance's cached view of the revocations in the configuration's store. */
export function revocationView(config: ResolvedConfig): RevocationView {
  const views = config.runtime.memo(viewsKey, () => new WeakMap<SessionRecordStore, RevocationView>());
  const { store } = sessionRecordStore(config);
  let view = views.get(store);
  if (!view) views.set(store, (view = createRevocationView(store, config.session.revocationCheckInterval * 1000)));
  return view;
}

/**
 * Whether the instance's revocation view refuses `token`: "revoked", or "unknown" when the view cannot be read
 * (logged; callers fail closed), else false.
 */
export async function revocationOf(config: ResolvedConfig, token: RevocableToken): Promise<"revoked" | "unknown" | false> {
  try {
    return (await revocationView(config).isRevoked(token)) ? "revoked" : false;
  } catch (error) {
    config.logger.error(error instanceof Error ? error : new Error(String(error)));
    return "unknown";
  }
}
