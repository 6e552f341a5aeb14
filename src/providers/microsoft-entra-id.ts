import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a Microsoft identity platform (v2.0) ID token. */
export interface MicrosoftEntraIDProfile extends IDTokenClaims {
  /** The user's object id, the same for every application of the tenant. */
  oid: string;
  /** The tenant the user signed in from. */
  tid: string;
  name?: string;
  preferred_username?: string;
  email?: string;
  ver: "2.0";
  nbf: number;
}

/**
 * Microsoft Entra ID. The tenant is part of the issuer: pass
 * `issuer: "https://login.microsoftonline.com/<tenant>/v2.0"`; without one, any work, school or
 * personal account may sign in ("common"). The profile photo is not fetched.
 */
export default function MicrosoftEntraID(
  options: Partial<OAuthProviderConfig<MicrosoftEntraIDProfile>> = {},
): OAuthProviderConfig<MicrosoftEntraIDProfile> {
  return {
    id: "microsoft-entra-id",
    name: "Microsoft Entra ID",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer ?? "https://login.microsoftonline.com/common/v2.0",
    authorization: { params: { scope: "openid profile email User.Read" } },
    profile(profile) {
      return userFromClaims(profile, profile.name ?? null, null);
    },
    style: brandStyle("M", "#0078d4"),
    options,
  };
}
