import { brandMark } from "../config/providers/logos.js";
import { boxMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Box's current user (`GET /2.0/users/me`). */
export interface BoxProfile extends Profile {
  type: "user";
  id: string;
  name: string;
  /** The user's email address, which Box calls the login. */
  login: string;
  created_at: string;
  modified_at: string;
  language: string;
  timezone: string;
  space_amount: number;
  space_used: number;
  max_upload_size: number;
  status: "active" | "inactive" | "cannot_delete_edit" | "cannot_delete_edit_upload";
  job_title: string;
  phone: string;
  avatar_url: string;
  notification_email?: { email: string; is_confirmed: boolean } | null;
}

export default function Box(options: Partial<OAuthProviderConfig<BoxProfile>> = {}): OAuthProviderConfig<BoxProfile> {
  return {
    id: "box",
    name: "Box",
    type: "oauth",
    authorization: "https://account.box.com/api/oauth2/authorize",
    token: "https://api.box.com/oauth2/token",
    userinfo: "https://api.box.com/2.0/users/me",
    profile(profile) {
      return { id: profile.id, name: profile.name, email: profile.login, image: profile.avatar_url ?? null };
    },
    style: brandMark(boxMark, "#0061D5"),
    options,
  };
}
