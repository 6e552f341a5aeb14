import { oidcMethod } from "../oauth/oidc-method.js";
import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Salesforce's userinfo answer. */
export interface SalesforceProfile extends Profile {
  /** The identity URL of the user: `https://login.salesforce.com/id/<org id>/<user id>`. */
  sub: string;
  user_id: string;
  organization_id: string;
  preferred_username: string;
  nickname: string;
  name: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  zoneinfo: string;
  photos: { picture: string; thumbnail: string };
  picture: string;
  profile: string;
  user_type: string;
  language: string;
  locale: string;
  active: boolean;
}

/**
 * Salesforce. The profile comes from the userinfo endpoint rather than the ID token. For a
 * sandbox or a My Domain, set `issuer` (e.g. `https://test.salesforce.com`).
 */
export default function Salesforce(
  options: Partial<OAuthProviderConfig<SalesforceProfile>> = {},
): OAuthProviderConfig<SalesforceProfile> {
  return {
    id: "salesforce",
    name: "Salesforce",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: "https://login.salesforce.com",
    idToken: false,
    checks: ["pkce", "state", "nonce"],
    profile(profile) {
      return { id: profile.sub, name: profile.name, email: profile.email, image: profile.picture ?? null };
    },
    style: brandStyle("SF", "#00A1E0", "#000"),
    options,
  };
}
