import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandMark } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Okta's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M12 0C5.389 0 0 5.35 0 12s5.35 12 12 12 12-5.35 12-12S18.611 0 12 0zm0 18c-3.325 0-6-2.675-6-6s2.675-6 6-6 6 2.675 6 6-2.675 6-6 6z";

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
    style: brandMark(mark, "#000"),
    options,
  };
}
