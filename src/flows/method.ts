import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import { signInMethod, type ParsedProvider, type ParsedProviderOf, type SignInMethodRef } from "../providers/types.js";
import type { ProviderType } from "../types.js";
import type { ResolvedConfig } from "../config/types.js";
import type { Flow } from "./flow.js";
import type { RpLogout } from "./logout/rp-logout.js";

/**
 * A sign-in method, as its provider module brings it: the flow that starts and completes a sign-in, and the
 * routes only this method serves. Only the modules of the configured providers import their method, so an app
 * carries no flow it does not use.
 */
export interface SignInMethod<T extends ProviderType = ProviderType> extends SignInMethodRef<T>, Flow<ParsedProviderOf<T>> {
  /** `POST /backchannel-logout/:id`: the provider's server ends sessions (OpenID Connect). */
  backchannelLogout?(ctx: AuthContext, provider: ParsedProviderOf<T>): Promise<Outcome>;
  /** RP-initiated logout: the ID token a sign-in keeps, and the provider's end-session redirect (OpenID Connect). */
  rpLogout?: RpLogout;
}

/**
 * The provider modules attach a method of the flows layer, which the configuration sees as a `SignInMethodRef`:
 * its `type` is what says which providers it serves.
 */
function serves<T extends ProviderType>(method: SignInMethodRef | undefined, type: T): method is SignInMethod<T> {
  return method?.type === type;
}

/**
 * The method the configuration gave a provider (see providers/method.ts), typed for the provider's type, so its
 * flow only takes providers of that type; none on a provider made up by hand.
 */
export function methodOf<P extends ParsedProvider>(provider: P): SignInMethod<P["type"]> | undefined {
  const method = provider[signInMethod];
  return serves(method, provider.type) ? method : undefined;
}

/** RP-initiated logout, when a configured provider's method brings it (an OIDC provider). */
export function rpLogoutOf(config: ResolvedConfig): RpLogout | undefined {
  for (const provider of config.providers) {
    const part = methodOf(provider)?.rpLogout;
    if (part) return part;
  }
  return undefined;
}
