import { storeOf } from "../config/store.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { AdapterError } from "../configuration-errors.js";

/** The longest one instance waits between purges, and the most records of each kind one purge deletes. */
export const purgeEvery = 60_000;
export const purgeBatch = 500;

/** When this instance purges next (ms since the epoch). */
export interface PurgeClock {
  next: number;
}

export const purgeClock = (): PurgeClock => ({ next: 0 });

/**
 * Deletes expired sessions and verification tokens (email links and codes, WebAuthn challenges) as requests
 * arrive, so that anonymous requests cannot grow the store for good and nobody has to run a command. One
 * purge at a time per instance, at most `purgeBatch` records of each kind: no request pays for more. A full
 * batch means more are waiting, so the next request purges again; otherwise the next purge is a minute on.
 * Adapters without `purgeExpired` (those written for the reference) are left alone. A failure is logged and
 * never fails the request.
 */
export async function purgeInPassing(config: ResolvedConfig, clock: PurgeClock): Promise<void> {
  const { purgeExpired } = storeOf(config);
  const now = Date.now();
  if (!purgeExpired || now < clock.next) return;
  clock.next = Number.POSITIVE_INFINITY;
  let full = false;
  try {
    const purged = await purgeExpired(undefined, purgeBatch);
    full = purged.sessions >= purgeBatch || purged.verificationTokens >= purgeBatch;
  } catch (error) {
    config.logger.error(
      new AdapterError("The adapter's purgeExpired failed; expired records stay until the next purge.", { err: error as Error }),
    );
  } finally {
    clock.next = full ? 0 : Date.now() + purgeEvery;
  }
}
