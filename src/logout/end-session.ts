import type { ResolvedConfig } from "../config/resolved-config.js";
import type { AuthContext } from "../http/context.js";
import { withQuery } from "../http/url.js";
import { isOAuth } from "../config/providers/parse.js";
import type { ParsedOAuthProvider } from "../config/providers/provider-types.js";
import { resolveEndpoints } from "../oauth-client/discovery.js";

/** What a session signed in through an `endSession` provider keeps for RP-initiated logout. */
export interface EndSessionHint {
  provider: string;
  /** The latest ID token the provider issued for the session's user: the logout's `id_token_hint`. */
  idToken: string;
}

/** The provider by `id` when it is configured for RP-initiated logout. */
export function endSessionProvider(config: ResolvedConfig, id: unknown): ParsedOAuthProvider | undefined {
  const provider = config.providers.find((p) => p.id === id);
  return provider && isOAuth(provider) && provider.type === "oidc" && provider.endSession === true ? provider : undefined;
}

const warnedKey = Symbol.for("sekisho.endSessionUnsupported");

/**
 * The provider's end_session_endpoint, or undefined when discovery names none or fails: then a warning, once
 * per provider and instance.
 */
async function endSessionEndpoint(config: ResolvedConfig, provider: ParsedOAuthProvider): Promise<string | undefined> {
  let endpoint: string | undefined;
  try {
    endpoint = (await resolveEndpoints(config, provider)).endSession;
  } catch (error) {
    config.logger.error(error instanceof Error ? error : new Error(String(error)));
  }
  if (endpoint && /^https?:\/\//i.test(endpoint) && URL.canParse(endpoint)) return endpoint;
  const warned = config.runtime.memo(warnedKey, () => new Set<string>());
  if (!warned.has(provider.id)) config.logger.warn("end-session-unsupported");
  warned.add(provider.id);
  return undefined;
}

/**
 * Where the browser goes after a local sign-out (OpenID Connect RP-Initiated Logout 1.0 §2): the provider's
 * end_session_endpoint with `id_token_hint`, `client_id` and, as `post_logout_redirect_uri`, the sign-out's
 * callback URL, made absolute. Undefined when the session has no hint or the provider offers no such endpoint:
 * the sign-out then stays local.
 */
export async function endSessionUrl(
  ctx: AuthContext,
  hint: EndSessionHint | undefined,
  callbackUrl: string,
): Promise<string | undefined> {
  const provider = hint && endSessionProvider(ctx.config, hint.provider);
  if (!hint || !provider) return undefined;
  const endpoint = await endSessionEndpoint(ctx.config, provider);
  if (!endpoint) return undefined;
  return withQuery(endpoint, {
    id_token_hint: hint.idToken,
    post_logout_redirect_uri: new URL(callbackUrl, ctx.origin).href,
    client_id: provider.clientId,
  });
}
