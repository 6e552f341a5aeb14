import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a Duende IdentityServer ID token with the `openid profile email` scopes. */
export interface DuendeIdentityServer6Profile extends IDTokenClaims {
  idp: string;
  amr: string[];
  sid?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  website?: string;
  auth_time: number;
}

/** The reference's name for the profile. */
export type DuendeISUser = DuendeIdentityServer6Profile;

/** Duende IdentityServer. `issuer` is the server, e.g. `https://identity.example.com`. */
export default function DuendeIdentityServer6(
  options: Partial<OAuthProviderConfig<DuendeIdentityServer6Profile>> = {},
): OAuthProviderConfig<DuendeIdentityServer6Profile> {
  return {
    id: "duende-identity-server6",
    name: "DuendeIdentityServer6",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      return userFromClaims(profile, profile.name ?? null, null);
    },
    style: brandStyle("Du", "#1E2A5A"),
    options,
  };
}
