import { counterKey } from "../config/counter-key.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import type { LogoutToken } from "./logout-token.js";

/**
 * Whether this is the first time the logout token's `jti` arrives from this provider (§2.6 step 6). It is
 * remembered until the token would be refused anyway, in the counter store: the adapter's table or keys
 * with sekisho's adapters (or `rateLimit.store`), shared by every instance; otherwise this instance's memory.
 * Counting is one atomic step, so two deliveries at once cannot both be first.
 */
export async function firstDelivery(config: ResolvedConfig, provider: string, token: LogoutToken): Promise<boolean> {
  const key = await counterKey(config, "logout-jti", `${provider}:${token.jti}`);
  const { count } = await config.rateLimit.store.increment(key, Math.max(token.refusedAfter - Date.now(), 1000));
  return count === 1;
}
