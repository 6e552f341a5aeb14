import { sha256Hex } from "../crypto.js";
import type { ResolvedConfig } from "./resolved-config.js";

/**
 * The key of a counter (rate limits, OTP generations, logout replay) naming `value` by a keyed hash: the
 * counter store holds neither addresses nor email addresses. The digest's prefix is older than the clients
 * other than rate limits; changing it would forget every count in flight at a deploy.
 */
export async function counterKey(config: ResolvedConfig, name: string, value: string): Promise<string> {
  const digest = await sha256Hex(`sekisho-rate-limit:${name}:${value}:${config.secrets[0]}`);
  return `${name}:${digest.slice(0, 32)}`;
}
