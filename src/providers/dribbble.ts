import { brandMark } from "../config/providers/logos.js";
import { dribbbleMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Dribbble's `GET /v2/user`. */
export interface DribbbleProfile extends Profile {
  id: number;
  name: string;
  login: string;
  html_url: string;
  avatar_url: string;
  bio: string;
  location: string | null;
  links: { web?: string; twitter?: string };
  can_upload_shot: boolean;
  pro: boolean;
  followers_count: number;
  created_at: string;
  type: "Player" | "Team";
  email?: string;
}

export default function Dribbble(
  options: Partial<OAuthProviderConfig<DribbbleProfile>> = {},
): OAuthProviderConfig<DribbbleProfile> {
  return {
    id: "dribbble",
    name: "Dribbble",
    type: "oauth",
    authorization: { url: "https://dribbble.com/oauth/authorize", params: { scope: "public" } },
    token: "https://dribbble.com/oauth/token",
    userinfo: "https://api.dribbble.com/v2/user",
    profile(profile) {
      return {
        id: String(profile.id),
        name: profile.name || profile.login,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      };
    },
    style: brandMark(dribbbleMark, "#EA4C89", "#000"),
    options,
  };
}
