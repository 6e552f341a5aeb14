import { brandMark } from "../config/providers/logos.js";
import { todoistMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Todoist API v1 `GET /api/v1/user`. */
export interface TodoistProfile extends Profile {
  id: string;
  email: string;
  full_name: string;
  avatar_big?: string;
  avatar_medium?: string;
  avatar_small?: string;
  avatar_s640?: string;
  inbox_project_id: string;
  lang: string;
  premium_status: string;
  tz_info: { timezone: string; gmt_string: string };
}

/** Todoist requires `state`. */
export default function Todoist(options: Partial<OAuthProviderConfig<TodoistProfile>> = {}): OAuthProviderConfig<TodoistProfile> {
  return {
    id: "todoist",
    name: "Todoist",
    type: "oauth",
    authorization: { url: "https://todoist.com/oauth/authorize", params: { scope: "data:read" } },
    token: "https://todoist.com/oauth/access_token",
    userinfo: "https://api.todoist.com/api/v1/user",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile) {
      return { id: String(profile.id), name: profile.full_name, email: profile.email, image: profile.avatar_big ?? null };
    },
    style: brandMark(todoistMark, "#E44332", "#000"),
    options,
  };
}
