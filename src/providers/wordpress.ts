import { brandMark } from "../config/providers/logos.js";
import { wordpressMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** WordPress.com's `GET /rest/v1/me`. */
export interface WordPressProfile extends Profile {
  ID: number;
  display_name: string;
  username: string;
  email: string;
  primary_blog: number;
  language: string;
  token_site_id: number | false;
  avatar_URL: string;
  profile_URL: string;
  verified: boolean;
  email_verified: boolean;
  date: string;
  site_count: number;
}

export default function WordPress(
  options: Partial<OAuthProviderConfig<WordPressProfile>> = {},
): OAuthProviderConfig<WordPressProfile> {
  return {
    id: "wordpress",
    name: "WordPress.com",
    type: "oauth",
    authorization: { url: "https://public-api.wordpress.com/oauth2/authorize", params: { scope: "auth" } },
    token: "https://public-api.wordpress.com/oauth2/token",
    userinfo: "https://public-api.wordpress.com/rest/v1/me",
    profile(profile) {
      return {
        id: String(profile.ID),
        name: profile.display_name || profile.username,
        email: profile.email ?? null,
        image: profile.avatar_URL ?? null,
      };
    },
    style: brandMark(wordpressMark, "#3858E9"),
    options,
  };
}
