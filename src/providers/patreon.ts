import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Patreon's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M22.957 7.21c-.004-3.064-2.391-5.576-5.191-6.482-3.478-1.125-8.064-.962-11.384.604C2.357 3.231 1.093 7.391 1.046 11.54c-.039 3.411.302 12.396 5.369 12.46 3.765.047 4.326-4.804 6.068-7.141 1.24-1.662 2.836-2.132 4.801-2.618 3.376-.836 5.678-3.501 5.673-7.031Z";

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
    style: brandMark(mark, "#FF424D", "#000"),
    options,
  };
}
