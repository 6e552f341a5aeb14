import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of an IdentityServer4 ID token with the `openid profile email` scopes. */
export interface IdentityServer4Profile extends IDTokenClaims {
  idp: string;
  amr: string[];
  name?: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  auth_time: number;
}

/** IdentityServer4. `issuer` is the server, e.g. `https://identity.example.com`. */
export default function IdentityServer4(
  options: Partial<OAuthProviderConfig<IdentityServer4Profile>> = {},
): OAuthProviderConfig<IdentityServer4Profile> {
  return {
    id: "identity-server4",
    name: "IdentityServer4",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      return userFromClaims(profile, profile.name ?? profile.preferred_username ?? null);
    },
    style: brandStyle("IS4", "#3F4D8A"),
    options,
  };
}
