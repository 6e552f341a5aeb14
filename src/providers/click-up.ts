import { brandMark } from "../config/providers/logos.js";
import { clickUpMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

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
    style: brandMark(clickUpMark, "#7B68EE", "#000"),
    options,
  };
}
