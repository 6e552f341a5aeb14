import { underBase } from "./base-url.js";
import { brandMark } from "../config/providers/logos.js";
import { mattermostMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Mattermost's `GET /api/v4/users/me`. */
export interface MattermostProfile extends Profile {
  id: string;
  create_at: number;
  update_at: number;
  delete_at: number;
  username: string;
  auth_service: string;
  email: string;
  email_verified?: boolean;
  nickname: string;
  first_name: string;
  last_name: string;
  position: string;
  roles: string;
  locale: string;
  timezone: { automaticTimezone: string; manualTimezone: string; useAutomaticTimezone: string };
}

/** Mattermost. `issuer` is the server, e.g. `https://chat.example.com` (or AUTH_MATTERMOST_ISSUER). */
export default function Mattermost(
  options: Partial<OAuthProviderConfig<MattermostProfile>> = {},
): OAuthProviderConfig<MattermostProfile> {
  return {
    id: "mattermost",
    name: "Mattermost",
    type: "oauth",
    authorization: underBase(options.issuer, "/oauth/authorize"),
    token: underBase(options.issuer, "/oauth/access_token"),
    userinfo: underBase(options.issuer, "/api/v4/users/me"),
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return {
        id: profile.id,
        name: `${profile.first_name} ${profile.last_name}`.trim() || profile.username,
        email: profile.email,
        image: null,
      };
    },
    style: brandMark(mattermostMark, "#1E325C"),
    options,
  };
}
