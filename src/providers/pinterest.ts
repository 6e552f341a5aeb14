import { brandMark } from "../config/providers/logos.js";
import { pinterestMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Pinterest API v5 `GET /user_account`. Pinterest shares no email address. */
export interface PinterestProfile extends Profile {
  account_type: "PINNER" | "BUSINESS";
  id?: string;
  username: string;
  profile_image: string;
  website_url: string;
  about?: string;
  business_name?: string | null;
  board_count?: number;
  pin_count?: number;
  follower_count?: number;
  following_count?: number;
  monthly_views?: number;
}

export default function Pinterest(
  options: Partial<OAuthProviderConfig<PinterestProfile>> = {},
): OAuthProviderConfig<PinterestProfile> {
  return {
    id: "pinterest",
    name: "Pinterest",
    type: "oauth",
    authorization: { url: "https://www.pinterest.com/oauth/", params: { scope: "user_accounts:read" } },
    token: "https://api.pinterest.com/v5/oauth/token",
    userinfo: "https://api.pinterest.com/v5/user_account",
    profile(profile) {
      return { id: profile.username, name: profile.username, email: null, image: profile.profile_image ?? null };
    },
    style: brandMark(pinterestMark, "#E60023"),
    options,
  };
}
