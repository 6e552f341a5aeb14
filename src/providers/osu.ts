import { brandMark } from "../config/providers/logos.js";
import { osuMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** osu!'s `GET /api/v2/me`. osu! shares no email address. */
export interface OsuProfile extends Profile {
  id: number;
  username: string;
  avatar_url: string;
  country_code: string;
  default_group: string;
  is_active: boolean;
  is_bot: boolean;
  is_deleted: boolean;
  is_online: boolean;
  is_supporter: boolean;
  last_visit: string | null;
  pm_friends_only: boolean;
  profile_colour: string | null;
  join_date: string;
  playmode: string;
}

/** The reference's name for the profile. */
export type OsuUserCompact = OsuProfile;

export default function Osu(options: Partial<OAuthProviderConfig<OsuProfile>> = {}): OAuthProviderConfig<OsuProfile> {
  return {
    id: "osu",
    name: "osu!",
    type: "oauth",
    authorization: { url: "https://osu.ppy.sh/oauth/authorize", params: { scope: "identify" } },
    token: "https://osu.ppy.sh/oauth/token",
    userinfo: "https://osu.ppy.sh/api/v2/me",
    profile(profile) {
      return { id: String(profile.id), name: profile.username, email: null, image: profile.avatar_url ?? null };
    },
    style: brandMark(osuMark, "#FF66AA", "#000"),
    options,
  };
}
