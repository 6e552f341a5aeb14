/**
 * Database strategy across instances: the instances that share the adapter's store agree on one of them to
 * refresh a given refresh token, through the store's atomic counter; the others wait for the account row to
 * show the result.
 */
import type { AdapterAccount } from "../../adapters/adapter-contract.js";
import type { RateLimitStore } from "../../adapters/rate-limit/rate-limit-store.js";
import { storeOf } from "../../config/store.js";
import type { ResolvedConfig } from "../../config/resolved-config.js";
import { sha256Hex } from "../../crypto.js";
import type { Renewal } from "./renew.js";
import { GRACE_MS } from "./renew.js";
import { storedTokens } from "./provider-token-types.js";

const POLL_MS = 100;
/** How long an instance waits for another's refresh before it gives up (the provider's timeout is 10 s). */
const WAIT_MS = 15_000;

/**
 * Whether this instance takes the lease on refreshing `refreshToken`: the first to ask in `GRACE_MS` does.
 */
export async function takesRefreshLease(counters: RateLimitStore, provider: string, refreshToken: string): Promise<boolean> {
  // the store keeps keys in clear; the refresh token must not be one
  const key = `provider-token-refresh:${await sha256Hex(`${provider}\n${refreshToken}`)}`;
  const { count } = await counters.increment(key, GRACE_MS);
  return count === 1;
}

/**
 * Undefined when this instance holds the lease for `refreshToken` (or there is no shared store); otherwise the
 * result the holder writes to the account row, read back from it: new tokens, or cleared ones (refused).
 */
export async function refreshedElsewhere(
  config: ResolvedConfig,
  account: AdapterAccount,
  refreshToken: string,
  read: () => Promise<AdapterAccount | null>,
): Promise<Renewal | undefined> {
  const { counters } = storeOf(config);
  if (!counters || (await takesRefreshLease(counters, account.provider, refreshToken))) return undefined;
  for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline; ) {
    const row = await read();
    if (!row || typeof row.refresh_token !== "string") return { refused: true };
    if (row.refresh_token !== refreshToken || row.access_token !== account.access_token) return { tokens: storedTokens(row) };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error("provider token refresh: another instance holds the refresh and wrote no result in time");
}
