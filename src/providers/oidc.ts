import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The standard claims of OpenID Connect Core 1.0, section 5.1. */
export interface OIDCProfile extends Profile {
  sub: string;
}

/**
 * Any OpenID Connect provider, found by discovery. It needs `issuer`, `clientId` and
 * `clientSecret`, from the options or from AUTH_OIDC_ISSUER, AUTH_OIDC_ID and AUTH_OIDC_SECRET.
 */
export default function OIDC(options: Partial<OAuthProviderConfig<OIDCProfile>> = {}): OAuthProviderConfig<OIDCProfile> {
  return {
    id: "oidc",
    name: "OpenID Connect",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      const name = profile.name ?? profile.preferred_username ?? profile.nickname ?? null;
      return userFromClaims(profile, name, typeof profile.picture === "string" ? profile.picture : null);
    },
    style: brandStyle("ID", "#F78C40", "#000"),
    options,
  };
}
