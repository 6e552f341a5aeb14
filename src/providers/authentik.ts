import { oidcMethod } from "../flows/oauth/oidc.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandMark } from "../config/providers/logos.js";
import { authentikMark } from "./brand-marks.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/types.js";

/** The claims of an authentik ID token with the default scope mappings. */
export interface AuthentikProfile extends IDTokenClaims {
  name?: string;
  given_name?: string;
  preferred_username: string;
  nickname?: string;
  email?: string;
  email_verified?: boolean;
  groups?: string[];
  acr?: string;
  amr?: string[];
}

/** authentik. `issuer` is the application, e.g. `https://auth.example.com/application/o/my-app/`. */
export default function Authentik(
  options: Partial<OAuthProviderConfig<AuthentikProfile>> = {},
): OAuthProviderConfig<AuthentikProfile> {
  return {
    id: "authentik",
    name: "Authentik",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: options.issuer,
    profile(profile) {
      return userFromClaims(profile, profile.name ?? profile.preferred_username, null);
    },
    style: brandMark(authentikMark, "#FD4B2D", "#000"),
    options,
  };
}
