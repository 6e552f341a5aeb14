import { brandMark } from "../config/providers/logos.js";
import { zoomMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

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
    style: brandMark(zoomMark, "#0B5CFF"),
    options,
  };
}
