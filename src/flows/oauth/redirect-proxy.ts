import { InvalidCheck } from "../../errors.js";
import { originAllowed } from "../../config/origin-patterns.js";
import type { AuthContext } from "../../http/context.js";
import { redirect, type Outcome } from "../../http/outcome.js";
import { withQuery } from "../../http/url.js";
import type { ParsedOAuthProvider } from "../../config/providers/provider-types.js";
import { stateReturnUrl } from "./state.js";

/**
 * The redirect proxy's one step: at the deployment `redirectProxyUrl` names, a callback whose state names
 * another deployment's callback is sent on there, with every parameter, when that origin is one this
 * deployment allows. Undefined when the callback is this deployment's own to finish.
 */
export async function forwardToPreview(
  ctx: AuthContext,
  provider: ParsedOAuthProvider,
  params: Record<string, string>,
): Promise<Outcome | undefined> {
  const proxy = provider.redirectProxyUrl ?? ctx.config.redirectProxyUrl;
  if (!proxy || !params.state || !URL.canParse(proxy) || new URL(proxy).origin !== ctx.origin) return undefined;
  const returnTo = await stateReturnUrl(ctx, params.state);
  if (!returnTo || !URL.canParse(returnTo)) return undefined;
  const target = new URL(returnTo);
  if (target.origin === ctx.origin) return undefined;
  if (
    !originAllowed(ctx.config.redirectProxyAllowedOrigins, target.origin) ||
    !target.pathname.endsWith(`/callback/${provider.id}`)
  ) {
    throw new InvalidCheck(
      `Provider "${provider.id}": the state names ${target.origin}, which redirectProxyAllowedOrigins does not allow; the callback was not forwarded.`,
    );
  }
  return redirect(withQuery(returnTo, params));
}
