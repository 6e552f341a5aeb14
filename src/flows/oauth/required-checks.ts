import type { Check } from "../../config/providers/provider-types.js";
import type { ParsedOAuthProvider } from "../../config/providers/provider-types.js";

/**
 * The checks a sign-in with `provider` runs besides `state`, which every sign-in carries: the provider's own,
 * and `nonce` whenever an ID token is verified. Stricter than the reference, which runs only the provider's:
 * a provider's list can add PKCE, never take away the state or the nonce.
 */
export function requiredChecks(provider: ParsedOAuthProvider): Set<Check> {
  const checks = new Set<Check>(provider.checks.filter((check) => check !== "none" && check !== "state"));
  if (provider.type === "oidc" && provider.idToken !== false) checks.add("nonce");
  return checks;
}
