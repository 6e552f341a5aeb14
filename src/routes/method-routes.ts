import { UnknownAction } from "../errors.js";
import { methodOf, type MethodRoute } from "../flows/sign-in-method.js";
import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";

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
