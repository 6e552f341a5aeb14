import { underBase } from "./base-url.js";
import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Osso's `GET /oauth/me`. SAML users come with an email address and no name. */
export interface OssoProfile extends Profile {
  id: string;
  email: string;
  idp: string;
  requested: { domain?: string; email?: string };
}

/** Osso, SAML single sign-on behind OAuth. `issuer` is the Osso instance. */
export default function Osso(options: Partial<OAuthProviderConfig<OssoProfile>> = {}): OAuthProviderConfig<OssoProfile> {
  return {
    id: "osso",
    name: "Osso",
    type: "oauth",
    authorization: underBase(options.issuer, "/oauth/authorize"),
    token: underBase(options.issuer, "/oauth/token"),
    userinfo: underBase(options.issuer, "/oauth/me"),
    profile(profile) {
      return { id: profile.id, name: null, email: profile.email, image: null };
    },
    style: brandStyle("O", "#5A67D8"),
    options,
  };
}
