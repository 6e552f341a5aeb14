import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Zoom's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M5.033 14.649H.743a.74.74 0 0 1-.686-.458.74.74 0 0 1 .16-.808L3.19 10.41H1.06A1.06 1.06 0 0 1 0 9.35h3.957c.301 0 .57.18.686.458a.74.74 0 0 1-.161.808L1.51 13.59h2.464c.585 0 1.06.475 1.06 1.06zM24 11.338c0-1.14-.927-2.066-2.066-2.066-.61 0-1.158.265-1.537.686a2.061 2.061 0 0 0-1.536-.686c-1.14 0-2.066.926-2.066 2.066v3.311a1.06 1.06 0 0 0 1.06-1.06v-2.251a1.004 1.004 0 0 1 2.013 0v2.251c0 .586.474 1.06 1.06 1.06v-3.311a1.004 1.004 0 0 1 2.012 0v2.251c0 .586.475 1.06 1.06 1.06zM16.265 12a2.728 2.728 0 1 1-5.457 0 2.728 2.728 0 0 1 5.457 0zm-1.06 0a1.669 1.669 0 1 0-3.338 0 1.669 1.669 0 0 0 3.338 0zm-4.82 0a2.728 2.728 0 1 1-5.458 0 2.728 2.728 0 0 1 5.457 0zm-1.06 0a1.669 1.669 0 1 0-3.338 0 1.669 1.669 0 0 0 3.338 0z";

/** Zoom's current user (`GET /v2/users/me`). */
export interface ZoomProfile extends Profile {
  id: string;
  account_id: string;
  first_name: string;
  last_name: string;
  display_name: string;
  email: string;
  type: number;
  role_name: string;
  pmi: number;
  timezone: string;
  verified: number;
  dept: string;
  created_at: string;
  last_login_time: string;
  pic_url?: string;
  language: string;
  status: "pending" | "active" | "inactive";
}

/** Zoom. The scopes are the ones chosen for the app in the Zoom App Marketplace. */
export default function Zoom(options: Partial<OAuthProviderConfig<ZoomProfile>> = {}): OAuthProviderConfig<ZoomProfile> {
  return {
    id: "zoom",
    name: "Zoom",
    type: "oauth",
    authorization: "https://zoom.us/oauth/authorize",
    token: "https://zoom.us/oauth/token",
    userinfo: "https://api.zoom.us/v2/users/me",
    profile(profile) {
      return {
        id: profile.id,
        name: profile.display_name || `${profile.first_name} ${profile.last_name}`.trim(),
        email: profile.email,
        image: profile.pic_url ?? null,
      };
    },
    style: brandMark(mark, "#0B5CFF"),
    options,
  };
}
