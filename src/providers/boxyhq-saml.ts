import { underBase } from "./base-url.js";
import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The user SAML Jackson returns from `/api/oauth/userinfo`. */
export interface BoxyHQSAMLProfile extends Profile {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  roles?: string[];
  groups?: string[];
  requested: { tenant: string; product: string; client_id?: string; state?: string };
  raw?: Record<string, unknown>;
}

/** BoxyHQ SAML Jackson, SAML single sign-on behind OAuth. `issuer` is the Jackson service. */
export default function BoxyHQSAML(
  options: Partial<OAuthProviderConfig<BoxyHQSAMLProfile>> = {},
): OAuthProviderConfig<BoxyHQSAMLProfile> {
  return {
    id: "boxyhq-saml",
    name: "BoxyHQ SAML",
    type: "oauth",
    authorization: { url: underBase(options.issuer, "/api/oauth/authorize"), params: { provider: "saml" } },
    token: underBase(options.issuer, "/api/oauth/token"),
    userinfo: underBase(options.issuer, "/api/oauth/userinfo"),
    profile(profile) {
      return {
        id: profile.id,
        name: [profile.firstName, profile.lastName].filter(Boolean).join(" ") || null,
        email: profile.email,
        image: null,
      };
    },
    style: brandStyle("Bx", "#25C2A0", "#000"),
    options,
  };
}
