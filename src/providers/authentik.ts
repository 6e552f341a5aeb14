import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandMark } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Authentik's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M13.96 9.01h-.84V7.492h-1.234v3.663H5.722c.34.517.538.982.538 1.152 0 .46-1.445 3.059-3.197 3.059C.8 15.427-.745 12.8.372 10.855a3.062 3.062 0 0 1 2.691-1.606c1.04 0 1.971.915 2.557 1.755V6.577a3.773 3.773 0 0 1 3.77-3.769h10.84C22.31 2.808 24 4.5 24 6.577v10.845a3.773 3.773 0 0 1-3.77 3.769h-1.6V17.5h-7.64v3.692h-1.6a3.773 3.773 0 0 1-3.77-3.769v-3.41h12.114v-6.52h-1.59v.893h-.84v-.893H13.96v1.516Zm-9.956 1.845c-.662-.703-1.578-.544-2.209 0-2.105 2.054 1.338 5.553 3.302 1.447a5.395 5.395 0 0 0-1.093-1.447Z";

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
    style: brandMark(mark, "#FD4B2D", "#000"),
    options,
  };
}
