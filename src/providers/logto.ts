import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandStyle } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a Logto ID token. */
export interface LogtoProfile extends IDTokenClaims {
  name?: string | null;
  username?: string | null;
  picture?: string | null;
  email?: string | null;
  email_verified?: boolean;
  phone_number?: string | null;
  at_hash?: string;
}

/** Logto. `issuer` is the tenant's OIDC endpoint, e.g. `https://abc123.logto.app/oidc`. */
export default function Logto(options: Partial<OAuthProviderConfig<LogtoProfile>> = {}): OAuthProviderConfig<LogtoProfile> {
  return {
    id: "logto",
    name: "Logto",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    authorization: { params: { scope: "offline_access openid email profile" } },
    profile(profile) {
      return userFromClaims(profile, profile.name ?? profile.username ?? null);
    },
    style: brandStyle("L", "#5D34F2"),
    options,
  };
}
