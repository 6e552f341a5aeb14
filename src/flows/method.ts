import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import { signInMethod, type ProviderConfig, type SignInMethodRef } from "../providers/types.js";
import type { ResolvedConfig } from "../config/types.js";
import type { Flow } from "./flow.js";
import type { RpLogout } from "./logout/rp-logout.js";

/**
 * A sign-in method, as its provider module brings it: the flow that starts and completes a sign-in, and the
 * routes only this method serves. Only the modules of the configured providers import their method, so an app
 * carries no flow it does not use.
 */
export interface SignInMethod<P extends ProviderConfig = ProviderConfig> extends SignInMethodRef, Flow<P> {
  /** `POST /backchannel-logout/:id`: the provider's server ends sessions (OpenID Connect). */
  backchannelLogout?(ctx: AuthContext, provider: P): Promise<Outcome>;
  /** RP-initiated logout: the ID token a sign-in keeps, and the provider's end-session redirect (OpenID Connect). */
  rpLogout?: RpLogout;
}

/** The method the configuration gave a provider (see providers/method.ts); none on a provider made up by hand. */
export function methodOf(provider: ProviderConfig): SignInMethod | undefined {
  return provider[signInMethod] as SignInMethod | undefined;
}

/** RP-initiated logout, when a configured provider's method brings it (an OIDC provider). */
export function rpLogoutOf(config: ResolvedConfig): RpLogout | undefined {
  for (const provider of config.providers) {
    const part = methodOf(provider)?.rpLogout;
    if (part) return part;
  }
  return undefined;
}
