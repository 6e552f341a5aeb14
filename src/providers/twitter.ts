import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** X's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M14.234 10.162 22.977 0h-2.072l-7.591 8.824L7.251 0H.258l9.168 13.343L.258 24H2.33l8.016-9.318L16.749 24h6.993zm-2.837 3.299-.929-1.329L3.076 1.56h3.182l5.965 8.532.929 1.329 7.754 11.09h-3.182z";

/** X API v2 `GET /2/users/me` with `user.fields=profile_image_url`. */
export interface TwitterProfile extends Profile {
  data: {
    id: string;
    name: string;
    username: string;
    profile_image_url?: string;
    /** Only with the `users.email` scope and `user.fields=confirmed_email`. */
    confirmed_email?: string;
  };
}

/** X (formerly Twitter), OAuth 2.0 with PKCE. X requires `state` as well. */
export default function Twitter(options: Partial<OAuthProviderConfig<TwitterProfile>> = {}): OAuthProviderConfig<TwitterProfile> {
  return {
    id: "twitter",
    name: "Twitter",
    type: "oauth",
    authorization: {
      url: "https://x.com/i/oauth2/authorize",
      params: { scope: "users.read tweet.read offline.access" },
    },
    token: "https://api.x.com/2/oauth2/token",
    userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url",
    checks: ["pkce", "state"],
    profile({ data }) {
      return {
        id: data.id,
        name: data.name,
        email: data.confirmed_email ?? null,
        image: data.profile_image_url ?? null,
      };
    },
    style: brandMark(mark, "#000"),
    options,
  };
}
