import { oidcMethod } from "../flows/oauth/oidc.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandMark } from "../config/providers/logos.js";
import { oktaMark } from "./brand-marks.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/types.js";

/** The claims of an Okta ID token with the `profile` and `email` scopes. */
export interface OktaProfile extends IDTokenClaims {
  name?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  locale?: string;
  zoneinfo?: string;
  picture?: string;
  auth_time?: number;
  idp?: string;
}

/** Okta. `issuer` is the authorization server, e.g. `https://dev-123456.okta.com/oauth2/default`. */
export default function Okta(options: Partial<OAuthProviderConfig<OktaProfile>> = {}): OAuthProviderConfig<OktaProfile> {
  return {
    id: "okta",
    name: "Okta",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    checks: ["pkce", "state"],
    profile(profile) {
      return userFromClaims(profile, profile.name ?? profile.preferred_username ?? null);
    },
    style: brandMark(oktaMark, "#000"),
    options,
  };
}
