import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a Kinde ID token. */
export interface KindeProfile extends IDTokenClaims<string[]> {
  azp: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  picture?: string | null;
  org_codes?: string[];
  updated_at?: number;
  auth_time: number;
}

/** Kinde. `issuer` is the business domain, e.g. `https://acme.kinde.com`. */
export default function Kinde(options: Partial<OAuthProviderConfig<KindeProfile>> = {}): OAuthProviderConfig<KindeProfile> {
  return {
    id: "kinde",
    name: "Kinde",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    checks: ["state", "pkce"],
    profile(profile) {
      const name = profile.name ?? [profile.given_name, profile.family_name].filter(Boolean).join(" ");
      return userFromClaims(profile, name || null);
    },
    style: brandStyle("K", "#0F0F0F"),
    options,
  };
}
