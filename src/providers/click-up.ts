import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** ClickUp's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M2 18.439l3.69-2.828c1.961 2.56 4.044 3.739 6.363 3.739 2.307 0 4.33-1.166 6.203-3.704L22 18.405C19.298 22.065 15.941 24 12.053 24 8.178 24 4.788 22.078 2 18.439zM12.04 6.15l-6.568 5.66-3.036-3.52L12.055 0l9.543 8.296-3.05 3.509z";

/** ClickUp's authorized user (`GET /api/v2/user`). */
export interface ClickUpProfile extends Profile {
  user: {
    id: number;
    username: string;
    email: string;
    color: string;
    profilePicture: string | null;
    initials: string;
    week_start_day: number | null;
    global_font_support: boolean;
    timezone: string;
  };
}

/** ClickUp: no PKCE, `state` protects the callback. */
export default function ClickUp(options: Partial<OAuthProviderConfig<ClickUpProfile>> = {}): OAuthProviderConfig<ClickUpProfile> {
  return {
    id: "click-up",
    name: "ClickUp",
    type: "oauth",
    authorization: "https://app.clickup.com/api",
    token: "https://api.clickup.com/api/v2/oauth/token",
    userinfo: "https://api.clickup.com/api/v2/user",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile({ user }) {
      return { id: String(user.id), name: user.username, email: user.email ?? null, image: user.profilePicture ?? null };
    },
    style: brandMark(mark, "#7B68EE", "#000"),
    options,
  };
}
