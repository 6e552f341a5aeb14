import { oidcMethod } from "../flows/oauth/oidc.js";
import { underBase } from "./base-url.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandMark } from "../config/providers/logos.js";
import { fusionauthMark } from "./brand-marks.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/types.js";

/** The claims of a FusionAuth ID token. */
export interface FusionAuthProfile extends IDTokenClaims {
  jti: string;
  authenticationType: string;
  applicationId: string;
  tid: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
  given_name?: string;
  middle_name?: string;
  family_name?: string;
  picture?: string;
  roles?: string[];
  sid?: string;
  auth_time: number;
}

export interface FusionAuthOptions extends Partial<OAuthProviderConfig<FusionAuthProfile>> {
  /** The tenant to sign in to, when the instance has more than one. */
  tenantId?: string;
}

/** FusionAuth. `issuer` is the instance, e.g. `https://auth.example.com`. */
export default function FusionAuth(options: FusionAuthOptions = {}): OAuthProviderConfig<FusionAuthProfile> {
  const tenantQuery = options.tenantId ? `?tenantId=${encodeURIComponent(options.tenantId)}` : "";
  return {
    id: "fusionauth",
    name: "FusionAuth",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    wellKnown: tenantQuery ? `${underBase(options.issuer, "/.well-known/openid-configuration")}${tenantQuery}` : undefined,
    authorization: { params: { scope: "openid offline_access email profile", tenantId: options.tenantId } },
    checks: ["pkce", "state"],
    profile(profile) {
      const fullName = [profile.given_name, profile.middle_name, profile.family_name].filter(Boolean).join(" ");
      return userFromClaims(profile, profile.name ?? profile.preferred_username ?? (fullName || null));
    },
    style: brandMark(fusionauthMark, "#F58320", "#000"),
    options,
  };
}
