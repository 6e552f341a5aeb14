import { UnknownAction } from "../errors.js";
import { methodOf, type MethodRoute } from "../flows/sign-in-method.js";
import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import { twoFactorFeatureOf, type TwoFactorRoute } from "../flows/two-factor-contract.js";

/**
 * A route a sign-in method brings (`SignInMethod.routes`): served by the provider named in the path, else by
 * the first provider whose method has it. Without one it does not exist.
 */
export function methodRoute(route: MethodRoute) {
  return (ctx: AuthContext, id: string): Promise<Outcome> => {
    for (const provider of ctx.config.providers) {
      if (id && provider.id !== id) continue;
      const handler = methodOf(provider)?.routes?.[route] as
        | ((ctx: AuthContext, provider: unknown) => Promise<Outcome>)
        | undefined;
      if (handler) return handler(ctx, provider);
    }
    throw new UnknownAction("There is no such action.");
  };
}

/** A route the second-factor feature brings (`sekisho/two-factor`): without the feature it does not exist. */
export function twoFactorRoute(route: TwoFactorRoute) {
  return (ctx: AuthContext): Promise<Outcome> => {
    const feature = twoFactorFeatureOf(ctx.config);
    if (!feature) throw new UnknownAction("There is no such action.");
    return feature.routes[route](ctx);
  };
}
