import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Vipps MobilePay Login's userinfo claims with the `openid name email` scopes. */
export interface VippsProfile extends Profile {
  sub: string;
  sid: string;
  name: string;
  given_name: string;
  family_name: string;
  email: string;
  email_verified: boolean;
  phone_number?: string;
}

/** Vipps. The profile comes from the userinfo endpoint. For the test environment, set `issuer` to `https://apitest.vipps.no/access-management-1.0/access/`. */
export default function Vipps(options: Partial<OAuthProviderConfig<VippsProfile>> = {}): OAuthProviderConfig<VippsProfile> {
  return {
    id: "vipps",
    name: "Vipps",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: "https://api.vipps.no/access-management-1.0/access/",
    authorization: { params: { scope: "openid name email" } },
    idToken: false,
    checks: ["pkce", "state", "nonce"],
    profile(profile) {
      return userFromClaims(profile, profile.name, null);
    },
    style: brandStyle("V", "#FF5B24", "#000"),
    options,
  };
}
