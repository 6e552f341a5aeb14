import { InvalidRequest } from "../errors.js";
import type { AuthContext } from "../http/context.js";
import { signInMethod, type ParsedProvider, type Step } from "../config/providers/provider-types.js";
import { clientAddress } from "./client-ip.js";
import { consume } from "./consume.js";

/**
 * One spelling per identifier: "Alice@Example.com ", "alice@example.com" and "alicé@example.com" share a bucket.
 * Accents and compatibility forms go, as an app's accent-insensitive collation (MySQL's `_ai_ci`) would look
 * them up as one account; a bucket shared by two real names only counts more strictly.
 */
function normalized(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined;
  return value
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .trim()
    .toLowerCase()
    .normalize("NFKC")
    .slice(0, 320);
}

/**
 * Counts a request a route is about to serve, under what the provider's sign-in method declares for the step,
 * when rate limits are on; raises RateLimited over a limit.
 */
export async function limitRequest(ctx: AuthContext, provider: ParsedProvider, step: Step): Promise<void> {
  if (!ctx.config.rateLimit.enabled) return;
  const method = provider[signInMethod];
  const counted = method?.type === provider.type ? method.rateLimits?.[step]?.(ctx, provider) : undefined;
  if (!counted) return;
  // A JSON array or number has no bucket, yet the app's code may read it as the name it holds (`${username}`).
  const { identifier } = counted;
  if (identifier !== undefined && identifier !== null && typeof identifier !== "string") {
    throw new InvalidRequest("The username, email or credential ID of a counted request must be a string.");
  }
  await consume(ctx, counted.rule, { ip: await clientAddress(ctx), identifier: normalized(counted.identifier) });
}
