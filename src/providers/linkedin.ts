import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a LinkedIn ID token ("Sign In with LinkedIn using OpenID Connect"). */
export interface LinkedInProfile extends IDTokenClaims {
  name: string;
  given_name: string;
  family_name: string;
  picture?: string;
  email?: string;
  email_verified?: boolean;
  locale?: string;
}

/** LinkedIn does not support PKCE for web applications, so `state` protects the callback. */
export default function LinkedIn(
  options: Partial<OAuthProviderConfig<LinkedInProfile>> = {},
): OAuthProviderConfig<LinkedInProfile> {
  return {
    id: "linkedin",
    name: "LinkedIn",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: "https://www.linkedin.com/oauth",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile) {
      return userFromClaims(profile, profile.name);
    },
    style: brandStyle("in", "#0A66C2"),
    options,
  };
}
