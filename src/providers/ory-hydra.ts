import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of an Ory Hydra ID token; which ones depends on the login and consent app. */
export interface OryHydraProfile extends IDTokenClaims<string[]> {
  sid?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  auth_time?: number;
}

/** Ory Hydra (and Ory Network). `issuer` is the public URL. Its id stays "hydra", the name sign-ins were stored under. */
export default function OryHydra(
  options: Partial<OAuthProviderConfig<OryHydraProfile>> = {},
): OAuthProviderConfig<OryHydraProfile> {
  return {
    id: "hydra",
    name: "Hydra",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      return userFromClaims(profile, profile.name ?? null);
    },
    style: brandStyle("H", "#fff", "#0F172A"),
    options,
  };
}
