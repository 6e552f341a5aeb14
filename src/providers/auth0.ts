import { oidcMethod } from "../flows/oauth/oidc.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandMark } from "../config/providers/logos.js";
import { auth0Mark } from "./brand-marks.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/types.js";

/** The claims of an Auth0 ID token. */
export interface Auth0Profile extends IDTokenClaims {
  name?: string;
  nickname?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  email?: string;
  email_verified?: boolean;
  updated_at?: string;
  sid?: string;
}

/** Auth0. `issuer` is the tenant's domain, e.g. `https://my-tenant.eu.auth0.com/` (or AUTH_AUTH0_ISSUER). */
export default function Auth0(options: Partial<OAuthProviderConfig<Auth0Profile>> = {}): OAuthProviderConfig<Auth0Profile> {
  return {
    id: "auth0",
    name: "Auth0",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      return userFromClaims(profile, profile.name ?? profile.nickname ?? null);
    },
    style: brandMark(auth0Mark, "#EB5424", "#000"),
    options,
  };
}
