import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims ZITADEL returns with the `openid profile email` scopes. */
export interface ZitadelProfile extends IDTokenClaims<string | string[]> {
  name?: string;
  given_name?: string;
  family_name?: string;
  nickname?: string;
  preferred_username: string;
  locale?: string;
  picture?: string;
  email?: string;
  email_verified?: boolean;
  updated_at?: number;
}

/** ZITADEL. `issuer` is the instance, e.g. `https://acme-abc123.zitadel.cloud`. */
export default function Zitadel(options: Partial<OAuthProviderConfig<ZitadelProfile>> = {}): OAuthProviderConfig<ZitadelProfile> {
  return {
    id: "zitadel",
    name: "ZITADEL",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      return userFromClaims(profile, profile.name ?? profile.preferred_username);
    },
    style: brandStyle("Z", "#E5306A", "#000"),
    options,
  };
}
