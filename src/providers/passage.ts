import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a Passage by 1Password ID token. Passage users have no name. */
export interface PassageProfile extends IDTokenClaims {
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  phone_number_verified?: boolean;
}

/** Passage. `issuer` is the app, `https://auth.passage.id/v1/apps/<app id>`. */
export default function Passage(options: Partial<OAuthProviderConfig<PassageProfile>> = {}): OAuthProviderConfig<PassageProfile> {
  return {
    id: "passage",
    name: "Passage",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile(profile) {
      return userFromClaims(profile, null, null);
    },
    style: brandStyle("P", "#3D53F6"),
    options,
  };
}
