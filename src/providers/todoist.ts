import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Todoist's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M21 0H3C1.35 0 0 1.35 0 3v3.858s3.854 2.24 4.098 2.38c.31.18.694.177 1.004 0 .26-.147 8.02-4.608 8.136-4.675.279-.161.58-.107.748-.01.164.097.606.348.84.48.232.134.221.502.013.622l-9.712 5.59c-.346.2-.69.204-1.048.002C3.478 10.907.998 9.463 0 8.882v2.02l4.098 2.38c.31.18.694.177 1.004 0 .26-.147 8.02-4.609 8.136-4.676.279-.16.58-.106.748-.008.164.096.606.347.84.48.232.133.221.5.013.62-.208.121-9.288 5.346-9.712 5.59-.346.2-.69.205-1.048.002C3.478 14.951.998 13.506 0 12.926v2.02l4.098 2.38c.31.18.694.177 1.004 0 .26-.147 8.02-4.609 8.136-4.676.279-.16.58-.106.748-.009.164.097.606.348.84.48.232.133.221.502.013.622l-9.712 5.59c-.346.199-.69.204-1.048.001C3.478 18.994.998 17.55 0 16.97V21c0 1.65 1.35 3 3 3h18c1.65 0 3-1.35 3-3V3c0-1.65-1.35-3-3-3z";

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
    style: brandMark(mark, "#E44332", "#000"),
    options,
  };
}
