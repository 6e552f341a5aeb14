import type { AuthContext } from "../http/context.js";
import type { WebAuthnProviderConfig } from "../config/providers/provider-types.js";

export interface RelyingParty {
  /** The RP ID the options carry. */
  id: string;
  /** Every RP ID a response may be scoped to; `id` first. */
  ids: string[];
  name: string;
  /** Every origin a response may come from. */
  origins: string[];
}

function list(value: string | string[] | undefined): string[] {
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === "string" && item !== "");
}

/** `https://example.com/` and `https://example.com` are one origin; a non-web origin (an app's) stays as given. */
function normalizeOrigin(origin: string): string {
  return /^https?:\/\//i.test(origin) && URL.canParse(origin) ? new URL(origin).origin : origin;
}

/**
 * The relying party of a WebAuthn provider: its `relyingParty` (or the reference's spelling, `relayingParty`)
 * field by field over the request's trusted origin (RP ID = hostname, name = hostname).
 */
export function relyingParty(ctx: AuthContext, provider: WebAuthnProviderConfig): RelyingParty {
  const configured = provider.relyingParty ?? provider.relayingParty ?? {};
  const { hostname } = new URL(ctx.origin);
  const ids = list(configured.id);
  const origins = list(configured.origin).map(normalizeOrigin);
  const chosenIds = ids.length > 0 ? ids : [hostname];
  return {
    id: chosenIds[0],
    ids: chosenIds,
    name: list(configured.name)[0] ?? hostname,
    origins: origins.length > 0 ? origins : [ctx.origin],
  };
}
