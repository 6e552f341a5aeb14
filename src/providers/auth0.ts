import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandMark } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Auth0's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M21.98 7.448L19.62 0H4.347L2.02 7.448c-1.352 4.312.03 9.206 3.815 12.015L12.007 24l6.157-4.552c3.755-2.81 5.182-7.688 3.815-12.015l-6.16 4.58 2.343 7.45-6.157-4.597-6.158 4.58 2.358-7.433-6.188-4.55 7.63-.045L12.008 0l2.356 7.404 7.615.044z";

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
    style: brandMark(mark, "#EB5424", "#000"),
    options,
  };
}
