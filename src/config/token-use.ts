import type { VerificationToken } from "../adapters/adapter-contract.js";
import { counterKey } from "./counter-key.js";
import type { ResolvedConfig } from "./resolved-config.js";
import { storeOf } from "./store.js";

/**
 * A verification token (a sign-in link or code, a passkey challenge, an email change) used once, even where the
 * adapter's `useVerificationToken` reads and then deletes in two steps (Auth.js's D1 adapter), so that two uses at the
 * same instant could each get it. A use the adapter answers is also claimed in the counter store, until the token
 * would have expired: the adapter's table or keys with sekisho's adapters (or `rateLimit.store`), shared by every
 * instance; otherwise this instance's memory. Only the first claim gets the token.
 */
export async function useVerificationTokenOnce(
  config: ResolvedConfig,
  params: { identifier: string; token: string },
): Promise<VerificationToken | null> {
  const used = await storeOf(config).useVerificationToken(params);
  if (!used) return null;
  const key = await counterKey(config, "token-use", `${params.identifier}:${params.token}`);
  const { count } = await config.rateLimit.store.increment(key, Math.max(new Date(used.expires).getTime() - Date.now(), 1000));
  return count === 1 ? used : null;
}
