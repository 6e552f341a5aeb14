import { oidcMethod } from "../oauth/oidc-method.js";
import { underBase } from "./base-url.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a Frontegg ID token. */
export interface FronteggProfile extends IDTokenClaims {
  name?: string;
  email: string;
  email_verified?: boolean;
  profilePictureUrl?: string;
  tenantId: string;
  tenantIds?: string[];
  roles?: string[];
}

/** Frontegg. `issuer` is the workspace domain, e.g. `https://app-abc123.frontegg.com`. */
export default function Frontegg(
  options: Partial<OAuthProviderConfig<FronteggProfile>> = {},
): OAuthProviderConfig<FronteggProfile> {
  return {
    id: "frontegg",
    name: "Frontegg",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    // Frontegg keeps its discovery document under /oauth rather than at the issuer.
    wellKnown: underBase(options.issuer, "/oauth/.well-known/openid-configuration"),
    profile(profile) {
      return userFromClaims(profile, profile.name ?? null, profile.profilePictureUrl ?? null);
    },
    style: brandStyle("Fg", "#4461FF"),
    options,
  };
}
