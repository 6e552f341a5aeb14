import { brandMark } from "../config/providers/logos.js";
import { netlifyMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Netlify's current user (`GET /api/v1/user`). */
export interface NetlifyProfile extends Profile {
  id: string;
  uid: string;
  full_name: string;
  avatar_url: string | null;
  email: string;
  affiliate_id: string;
  site_count: number;
  created_at: string;
  last_login: string;
  login_providers: string[];
}

export default function Netlify(options: Partial<OAuthProviderConfig<NetlifyProfile>> = {}): OAuthProviderConfig<NetlifyProfile> {
  return {
    id: "netlify",
    name: "Netlify",
    type: "oauth",
    authorization: "https://app.netlify.com/authorize",
    token: "https://api.netlify.com/oauth/token",
    userinfo: "https://api.netlify.com/api/v1/user",
    profile(profile) {
      return { id: profile.id, name: profile.full_name, email: profile.email, image: profile.avatar_url };
    },
    style: brandMark(netlifyMark, "#00AD9F", "#000"),
    options,
  };
}
