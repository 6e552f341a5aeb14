import { brandMark } from "../config/providers/logos.js";
import { patreonMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Patreon API v2 `GET /identity` with the user fields sekisho asks for. */
export interface PatreonProfile extends Profile {
  data: {
    id: string;
    type: "user";
    attributes: { email?: string; full_name: string; image_url?: string; is_email_verified?: boolean };
  };
  links: { self: string };
}

export default function Patreon(options: Partial<OAuthProviderConfig<PatreonProfile>> = {}): OAuthProviderConfig<PatreonProfile> {
  return {
    id: "patreon",
    name: "Patreon",
    type: "oauth",
    authorization: { url: "https://www.patreon.com/oauth2/authorize", params: { scope: "identity identity[email]" } },
    token: "https://www.patreon.com/api/oauth2/token",
    userinfo: "https://www.patreon.com/api/oauth2/v2/identity?fields[user]=email,full_name,image_url,is_email_verified",
    profile({ data }) {
      return {
        id: data.id,
        name: data.attributes.full_name,
        email: data.attributes.email ?? null,
        image: data.attributes.image_url ?? null,
      };
    },
    style: brandMark(patreonMark, "#FF424D", "#000"),
    options,
  };
}
