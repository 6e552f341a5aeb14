import type { ResolvedConfig } from "../../config/config-types.js";
import { hasOutlived } from "../lifetime.js";
import { createRevocationView, type RevocableToken, type RevocationView } from "../revocation/revocation-view.js";
import { memorySessionRecordStore } from "../../adapters/session-records/memory-session-records.js";
import type { Revocation, SessionRecordStore } from "../../adapters/session-records/session-record-store.js";
import { storeOf } from "../../config/store.js";

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
  const store = storeOf(config).sessionRecords;
  if (store) return { store, shared: true };
  const local = config.runtime.memo(localStoresKey, () => new Map<string, SessionRecordStore>());
  const secrets = config.secrets.join("\n");
  let own = local.get(secrets);
  if (!own) local.set(secrets, (own = memorySessionRecordStore()));
  return { store: own, shared: false };
}

/** The cached views of the configuration's store in the memo, by check interval. */
function storeViews(config: ResolvedConfig): { store: SessionRecordStore; views: Map<number, RevocationView> } {
  const all = config.runtime.memo(viewsKey, () => new WeakMap<SessionRecordStore, Map<number, RevocationView>>());
  const { store } = sessionRecordStore(config);
  let views = all.get(store);
  if (!views) all.set(store, (views = new Map()));
  return { store, views };
}

/**
 * The instance's cached view of the revocations in the configuration's store: one per store and check interval,
 * so instances sharing a memo share a view only when they asked for the same delay.
 */
function revocationView(config: ResolvedConfig): RevocationView {
  const { store, views } = storeViews(config);
  const intervalMs = config.session.revocationCheckInterval * 1000;
  let view = views.get(intervalMs);
  if (!view) views.set(intervalMs, (view = createRevocationView(store, intervalMs)));
  return view;
}

/** Revocations this instance just recorded reach every view of the store in the memo at once. */
export function noteRevocations(config: ResolvedConfig, revocations: readonly Revocation[]): void {
  for (const view of storeViews(config).views.values()) view.note(revocations);
}

async function refusalOf(
  config: ResolvedConfig,
  token: RevocableToken,
  look: (view: RevocationView) => Promise<boolean>,
): Promise<"revoked" | "unknown" | false> {
  if (hasOutlived(config.session, token, Date.now())) return "revoked";
  try {
    return (await look(revocationView(config))) ? "revoked" : false;
  } catch (error) {
    config.logger.error(error instanceof Error ? error : new Error(String(error)));
    return "unknown";
  }
}

/**
 * Whether the instance refuses `token`: "revoked" when its revocation view (at most one check interval old) holds
 * it or its session has passed `session.absoluteMaxAge`, "unknown" when the view cannot be read (logged; callers
 * fail closed), else false.
 */
export function revocationOf(config: ResolvedConfig, token: RevocableToken): Promise<"revoked" | "unknown" | false> {
  return refusalOf(config, token, (view) => view.isRevoked(token));
}

/** As `revocationOf`, by the store as it is now: for a re-issue, whose new cookie must not outrun a revocation. */
export function revocationNowOf(config: ResolvedConfig, token: RevocableToken): Promise<"revoked" | "unknown" | false> {
  return refusalOf(config, token, async (view) => {
    await view.readNow();
    return view.isRevoked(token);
  });
}
