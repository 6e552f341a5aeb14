import { pairKey } from "../../adapters/records.js";
import type { ResolvedConfig } from "../../config/resolved-config.js";
import { refreshGrant } from "../../oauth-client/refresh.js";
import { TokenEndpointRefusal } from "../../oauth-client/provider-fetch.js";
import type { ParsedOAuthProvider } from "../../config/providers/provider-types.js";
import { freshTokens, type StoredTokens } from "./provider-token-types.js";

/** An access token this close to its expiry is refreshed before it is handed out, unless the provider sets `accessTokenSkew`. */
export const EXPIRY_SKEW_SECONDS = 60;
/** The margin is at most this share of the token's lifetime, so a token just obtained is never due at once. */
const MAX_SKEW_SHARE = 0.5;
/** How long a refresh's result still answers callers that hold the refresh token it replaced. */
export const GRACE_MS = 30_000;

/** The refreshed tokens, or `refused` when the provider answered invalid_grant (the refresh token is dead). */
export type Renewal = { tokens: StoredTokens } | { refused: true };

/**
 * Where a refresh's result goes. `elsewhere`, when given, runs before the request to the provider: it resolves
 * to the result another instance reached for the same refresh token, or undefined when this one is to refresh.
 */
export interface RenewalStore {
  save(renewal: Renewal): Promise<void>;
  elsewhere?(): Promise<Renewal | undefined>;
}

interface Flight {
  result: Promise<Renewal>;
  settledAt?: number;
}

const FLIGHTS = Symbol.for("sekisho.providerTokenRefreshes");

/**
 * How many seconds before its expiry a token is refreshed: the provider's `accessTokenSkew`, but at most half
 * the token's lifetime where the time it was obtained is known. Without that bound, a token that lives less
 * than the skew would be due as soon as it is obtained, and every call (on every instance) would refresh it.
 */
function refreshMargin(provider: ParsedOAuthProvider, tokens: StoredTokens): number {
  const skew = provider.accessTokenSkew ?? EXPIRY_SKEW_SECONDS;
  const { expires_at: expiresAt, obtained_at: obtainedAt } = tokens;
  const lifetime = typeof expiresAt === "number" && typeof obtainedAt === "number" ? expiresAt - obtainedAt : 0;
  return lifetime > 0 ? Math.min(skew, lifetime * MAX_SKEW_SHARE) : skew;
}

export function isDue(provider: ParsedOAuthProvider, tokens: StoredTokens, now = Date.now()): boolean {
  return typeof tokens.expires_at === "number" && tokens.expires_at - refreshMargin(provider, tokens) <= now / 1000;
}

/**
 * Refreshes `tokens` once per instance however many callers ask at the same time: callers holding the same
 * refresh token share one request to the token endpoint, and for GRACE_MS afterwards its result, so a caller
 * that still holds the just-rotated refresh token gets the new tokens instead of spending the old one again.
 * `store.save` runs once, inside the shared refresh. A failure other than invalid_grant is thrown to every caller and
 * not remembered.
 */
export function renew(
  config: ResolvedConfig,
  provider: ParsedOAuthProvider,
  tokens: StoredTokens & { refresh_token: string },
  store: RenewalStore,
): Promise<Renewal> {
  const flights = config.runtime.memo(FLIGHTS, () => new Map<string, Flight>());
  const now = Date.now();
  for (const [key, flight] of flights)
    if (flight.settledAt !== undefined && now - flight.settledAt >= GRACE_MS) flights.delete(key);
  const key = pairKey(provider.id, tokens.refresh_token);
  const current = flights.get(key);
  if (current) return current.result;
  const flight: Flight = { result: refresh(config, provider, tokens, store) };
  flights.set(key, flight);
  flight.result.then(
    () => {
      flight.settledAt = Date.now();
    },
    () => flights.delete(key),
  );
  return flight.result;
}

async function refresh(
  config: ResolvedConfig,
  provider: ParsedOAuthProvider,
  tokens: StoredTokens & { refresh_token: string },
  store: RenewalStore,
): Promise<Renewal> {
  const done = await store.elsewhere?.();
  if (done) return done;
  let renewal: Renewal;
  try {
    renewal = { tokens: freshTokens(await refreshGrant(config, provider, tokens.refresh_token), tokens) };
  } catch (error) {
    if (!(error instanceof TokenEndpointRefusal && error.error === "invalid_grant")) throw error;
    config.logger.debug("provider refused the refresh token", { provider: provider.id });
    renewal = { refused: true };
  }
  await store.save(renewal);
  return renewal;
}
