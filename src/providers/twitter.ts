import { brandMark } from "../config/providers/logos.js";
import { twitterMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

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
    style: brandMark(twitterMark, "#000"),
    options,
  };
}
