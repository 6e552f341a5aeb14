import { InvalidProvider } from "../errors.js";
import { methodOf, findProvider } from "../flows/sign-in-method.js";
import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";

/**
 * `POST /backchannel-logout/:id`: the provider's server ends sessions (OpenID Connect Back-Channel Logout 1.0).
 * No CSRF token: no browser sends it, and only the provider's signed logout token is taken. Counted per
 * client address like the other routes anyone can call, before any key is fetched or signature checked.
 */
export async function backchannelLogoutRoute(ctx: AuthContext, id: string): Promise<Outcome> {
  if (ctx.config.rateLimit.enabled) await consume(ctx, "backchannelLogout", { ip: await clientAddress(ctx) });
  const provider = findProvider(ctx, id);
  const logout = methodOf(provider)?.backchannelLogout;
  if (!logout) throw new InvalidProvider(`Provider "${provider.id}" is not an OpenID Connect provider.`);
  return logout(ctx, provider);
}
