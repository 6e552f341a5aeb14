import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of an Asgardeo ID token. */
export interface AsgardeoProfile extends IDTokenClaims {
  org_id?: string;
  org_name?: string;
  username?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  picture?: string;
}

/** Asgardeo. `issuer` is `https://api.asgardeo.io/t/<organization>/oauth2/token`, the value its discovery document names. */
export default function Asgardeo(
  options: Partial<OAuthProviderConfig<AsgardeoProfile>> = {},
): OAuthProviderConfig<AsgardeoProfile> {
  return {
    id: "asgardeo",
    name: "Asgardeo",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      const name = [profile.given_name, profile.family_name].filter(Boolean).join(" ");
      return userFromClaims(profile, name || profile.username || null);
    },
    style: brandStyle("As", "#FF7300", "#000"),
    options,
  };
}
