import { oidcMethod } from "../oauth/oidc-method.js";
import { brandStyle } from "../config/providers/logos.js";
import type { IDTokenClaims } from "./claims.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of an Azure AD B2C ID token; B2C lists email addresses in `emails`. */
export interface AzureADB2CProfile extends IDTokenClaims {
  tfp?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
  emails?: string[];
  idp?: string;
  auth_time: number;
  nbf: number;
}

/**
 * Azure AD B2C. `issuer` includes the user flow, e.g.
 * `https://contoso.b2clogin.com/<tenant id>/v2.0/`, with `wellKnown` naming the policy's document.
 */
export default function AzureADB2C(
  options: Partial<OAuthProviderConfig<AzureADB2CProfile>> = {},
): OAuthProviderConfig<AzureADB2CProfile> {
  return {
    id: "azure-ad-b2c",
    name: "Azure AD B2C",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      return {
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? null,
        email: profile.emails?.[0] ?? null,
        image: null,
      };
    },
    style: brandStyle("B2C", "#0072C6"),
    options,
  };
}
