import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a PingOne ID token with the `openid profile email` scopes. */
export interface PingProfile extends IDTokenClaims {
  sid?: string;
  env: string;
  org: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  auth_time: number;
}

/** Ping Identity (PingOne). `issuer` is the environment, `https://auth.pingone.com/<environment id>/as`. */
export default function PingId(options: Partial<OAuthProviderConfig<PingProfile>> = {}): OAuthProviderConfig<PingProfile> {
  return {
    id: "ping-id",
    name: "Ping Identity",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      const fullName = [profile.given_name, profile.family_name].filter(Boolean).join(" ");
      return userFromClaims(profile, profile.name ?? (fullName || profile.preferred_username) ?? null);
    },
    style: brandStyle("P", "#B3282D"),
    options,
  };
}
