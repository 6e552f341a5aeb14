import type { ResolvedConfig } from "../../config/resolved-config.js";
import { userFactorsOf } from "../../config/user-factors.js";
import { sessionRecordStore, isSessionId } from "./record.js";
import { strategyOf } from "../strategy.js";

/**
 * Ends one session by its public id. Under the jwt strategy the id is refused everywhere within
 * `session.revocationCheckInterval` (at once on this instance), even when no record of it exists;
 * under the database strategy its row is deleted. True when a session was known and ended.
 */
export async function revokeSession(config: ResolvedConfig, sessionId: string): Promise<boolean> {
  if (!isSessionId(sessionId)) return false;
  return strategyOf(config).revokeSession(config, sessionId);
}

/**
 * Signs a user out everywhere. jwt strategy: every token of the user issued until now is refused (tokens
 * without a `sid` too, by their issue time), and each recorded session by its id. Database strategy:
 * the user's session rows are deleted. Returns how many recorded sessions (jwt) or rows were ended. The browsers
 * the user trusted to skip the second factor (`twoFactor.trustedDevices`) are forgotten as well: a lost laptop
 * signed out everywhere must not skip it on the next sign-in.
 */
export async function revokeSessions(config: ResolvedConfig, { userId }: { userId: string }): Promise<number> {
  if (typeof userId !== "string" || userId === "")
    throw new TypeError("revokeSessions needs { userId }, the id of the user to sign out everywhere.");
  if (config.twoFactor?.trustedDevices) await userFactorsOf(config).removeAll(userId, "trusted-device");
  return strategyOf(config).revokeSessions(config, userId);
}

/**
 * Ends the sessions signed in through `provider`: those whose ID token carried the provider's `sid` when
 * one is given, else every session of the provider's subject `sub`. With both, the subject's sessions whose
 * ID token had no `sid` end too: nothing else can tell which provider session they belong to. Needs the
 * sessions recorded at sign-in, so with no adapter store it ends none.
 */
export async function revokeProviderSessions(
  config: ResolvedConfig,
  query: { provider: string; sid?: string; sub?: string },
): Promise<number> {
  const { provider, sid, sub } = query;
  if (sid === undefined && sub === undefined) throw new TypeError("revokeProviderSessions needs the provider's `sid` or `sub`.");
  const { store } = sessionRecordStore(config);
  if (sid === undefined) return strategyOf(config).endSessions(config, await store.findByProvider({ provider, sub }));
  const bySid = await store.findByProvider({ provider, sid });
  const unmatched =
    sub === undefined ? [] : (await store.findByProvider({ provider, sub })).filter((record) => record.providerSid === undefined);
  return strategyOf(config).endSessions(config, [...bySid, ...unmatched]);
}
