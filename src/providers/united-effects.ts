import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a United Effects Core ID token. Its users have no name or picture. */
export interface UnitedEffectsProfile extends IDTokenClaims {
  email: string;
  email_verified?: boolean;
}

/** United Effects. `issuer` is the authorization group, e.g. `https://auth.unitedeffects.com/<group id>`. */
export default function UnitedEffects(
  options: Partial<OAuthProviderConfig<UnitedEffectsProfile>> = {},
): OAuthProviderConfig<UnitedEffectsProfile> {
  return {
    id: "united-effects",
    name: "United Effects",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    authorization: { params: { scope: "openid email profile", resource: options.issuer } },
    profile(profile) {
      return userFromClaims(profile, null, null);
    },
    style: brandStyle("UE", "#142C4C"),
    options,
  };
}
