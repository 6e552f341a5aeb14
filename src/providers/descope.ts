import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a Descope ID token. */
export interface DescopeProfile extends IDTokenClaims {
  name?: string;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  phone_number_verified?: boolean;
  picture?: string;
}

/** Descope. Its issuer is `https://api.descope.com/<project id>`, the project id being the client id. */
export default function Descope(options: Partial<OAuthProviderConfig<DescopeProfile>> = {}): OAuthProviderConfig<DescopeProfile> {
  return {
    id: "descope",
    name: "Descope",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer ?? (options.clientId ? `https://api.descope.com/${options.clientId}` : undefined),
    checks: ["pkce", "state"],
    profile(profile) {
      return userFromClaims(profile, profile.name ?? null);
    },
    style: brandStyle("D", "#1C1C23"),
    options,
  };
}
