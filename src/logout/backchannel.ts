import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import type { ParsedOAuthProvider } from "../config/providers/provider-types.js";
import { sessionRecordStore } from "../session/records/record.js";
import { revokeProviderSessions } from "../session/records/revoke.js";
import { resolveEndpoints } from "../oauth-client/discovery.js";
import { verifyLogoutToken } from "./logout-token.js";
import { firstDelivery } from "./replay.js";
import { backchannelAnswer, LogoutTokenError } from "./backchannel-response.js";

/** The form field of §2.5, as a string, from a form-encoded body only. */
function logoutTokenOf(ctx: AuthContext): string {
  const type = (ctx.request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded")
    throw new LogoutTokenError("the body must be application/x-www-form-urlencoded");
  const token = ctx.body.logout_token;
  if (typeof token !== "string" || token === "") throw new LogoutTokenError("the body has no logout_token");
  return token;
}

/**
 * OpenID Connect Back-Channel Logout 1.0 §2.8 for `provider`: the logout token is verified, its `jti` taken
 * once, and the sessions it names are revoked, by the provider's `sid` when it carries one, else every
 * session of its subject. A failure is thrown; the app answers it as `backchannelFailure` says.
 */
export async function backchannelLogout(ctx: AuthContext, provider: ParsedOAuthProvider): Promise<Outcome> {
  const { config } = ctx;
  const token = logoutTokenOf(ctx);
  const endpoints = await resolveEndpoints(config, provider);
  const logout = await verifyLogoutToken(config, provider, token, { issuer: endpoints.issuer, jwksUrl: endpoints.jwks });
  if (!(await firstDelivery(ctx.config, provider.id, logout)))
    throw new LogoutTokenError("this logout token was already used (its jti was seen before)");
  if (!sessionRecordStore(config).shared) {
    throw new LogoutTokenError(
      "this app does not record sessions, so it cannot end them: back-channel logout needs one of sekisho's adapters",
    );
  }
  const ended = await revokeProviderSessions(config, { provider: provider.id, sid: logout.sid, sub: logout.sub });
  config.logger.debug("back-channel logout", { provider: provider.id, by: logout.sid === undefined ? "sub" : "sid", ended });
  return backchannelAnswer(200);
}
