import { brandMark } from "../config/providers/logos.js";
import { redditMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Reddit's identity (`GET /api/v1/me`, scope `identity`). */
export interface RedditProfile extends Profile {
  id: string;
  name: string;
  /** HTML-escaped: `&amp;` separates the query parameters. */
  icon_img: string;
  snoovatar_img?: string;
  verified: boolean;
  has_verified_email: boolean;
  created_utc: number;
  total_karma: number;
  over_18: boolean;
}

/** Reddit does not support PKCE, so `state` protects the callback. */
export default function Reddit(options: Partial<OAuthProviderConfig<RedditProfile>> = {}): OAuthProviderConfig<RedditProfile> {
  return {
    id: "reddit",
    name: "Reddit",
    type: "oauth",
    authorization: { url: "https://www.reddit.com/api/v1/authorize", params: { scope: "identity" } },
    token: "https://www.reddit.com/api/v1/access_token",
    userinfo: "https://oauth.reddit.com/api/v1/me",
    checks: ["state"],
    profile(profile) {
      return {
        id: profile.id,
        name: profile.name,
        email: null,
        image: profile.icon_img ? profile.icon_img.replaceAll("&amp;", "&") : null,
      };
    },
    style: brandMark(redditMark, "#FF4500", "#000"),
    options,
  };
}
