import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a Keycloak ID token with the default client scopes. */
export interface KeycloakProfile extends IDTokenClaims {
  typ: "ID";
  azp: string;
  sid?: string;
  name?: string;
  preferred_username: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/** Keycloak. `issuer` is the realm, e.g. `https://sso.example.com/realms/acme`. */
export default function Keycloak(
  options: Partial<OAuthProviderConfig<KeycloakProfile>> = {},
): OAuthProviderConfig<KeycloakProfile> {
  return {
    id: "keycloak",
    name: "Keycloak",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      return userFromClaims(profile, profile.name ?? profile.preferred_username);
    },
    style: brandStyle("K", "#008AAA", "#000"),
    options,
  };
}
