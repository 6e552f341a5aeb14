import { underBase } from "./base-url.js";
import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Mattermost's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M12.081 0C7.048-.034 2.339 3.125.637 8.153c-2.125 6.276 1.24 13.086 7.516 15.21 6.276 2.125 13.086-1.24 15.21-7.516 1.727-5.1-.172-10.552-4.311-13.557l.126 2.547c2.065 2.282 2.88 5.512 1.852 8.549-1.534 4.532-6.594 6.915-11.3 5.321-4.708-1.593-7.28-6.559-5.745-11.092 1.031-3.046 3.655-5.121 6.694-5.67l1.642-1.94A4.87 4.87 0 0 0 12.08 0zm3.528 1.094a.284.284 0 0 0-.123.024l-.004.001a.33.33 0 0 0-.109.071c-.145.142-.657.828-.657.828L13.6 3.4l-1.3 1.585-2.232 2.776s-1.024 1.278-.798 2.851c.226 1.574 1.396 2.34 2.304 2.648.907.307 2.302.408 3.438-.704 1.135-1.112 1.098-2.75 1.098-2.75l-.087-3.56-.07-2.05-.047-1.775s.01-.856-.02-1.057a.33.33 0 0 0-.035-.107l-.006-.012-.007-.011a.277.277 0 0 0-.229-.14z";

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
    style: brandMark(mark, "#1E325C"),
    options,
  };
}
