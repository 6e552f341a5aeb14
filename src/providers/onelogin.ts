import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a OneLogin ID token with the `openid profile email` scopes. */
export interface OneLoginProfile extends IDTokenClaims {
  name?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  sid?: string;
}

/** OneLogin. `issuer` is `https://<subdomain>.onelogin.com/oidc/2`, the value its discovery document names. */
export default function OneLogin(
  options: Partial<OAuthProviderConfig<OneLoginProfile>> = {},
): OAuthProviderConfig<OneLoginProfile> {
  return {
    id: "onelogin",
    name: "OneLogin",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      return userFromClaims(profile, profile.name ?? profile.preferred_username ?? null, null);
    },
    style: brandStyle("1L", "#1C1F2A"),
    options,
  };
}
