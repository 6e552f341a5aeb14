import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a Beyond Identity ID token. */
export interface BeyondIdentityProfile extends IDTokenClaims {
  name?: string;
  preferred_username?: string;
  email?: string;
}

/** Beyond Identity. `issuer` is the application, `https://auth-<region>.beyondidentity.com/v1/tenants/…/applications/…`. */
export default function BeyondIdentity(
  options: Partial<OAuthProviderConfig<BeyondIdentityProfile>> = {},
): OAuthProviderConfig<BeyondIdentityProfile> {
  return {
    id: "beyondidentity",
    name: "Beyond Identity",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      return userFromClaims(profile, profile.name ?? profile.preferred_username ?? null, null);
    },
    style: brandStyle("BI", "#5077C5", "#000"),
    options,
  };
}
