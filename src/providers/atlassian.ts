import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Atlassian's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M7.12 11.084a.683.683 0 00-1.16.126L.075 22.974a.703.703 0 00.63 1.018h8.19a.678.678 0 00.63-.39c1.767-3.65.696-9.203-2.406-12.52zM11.434.386a15.515 15.515 0 00-.906 15.317l3.95 7.9a.703.703 0 00.628.388h8.19a.703.703 0 00.63-1.017L12.63.38a.664.664 0 00-1.196.006z";

/** Atlassian's current user (`GET https://api.atlassian.com/me`, scope `read:me`). */
export interface AtlassianProfile extends Profile {
  account_type: string;
  account_id: string;
  email: string;
  name: string;
  picture: string;
  account_status: string;
  nickname: string;
  zoneinfo: string;
  locale: string;
  extended_profile?: { job_title?: string; organization?: string; department?: string; location?: string };
}

/** Atlassian (Jira, Confluence) 3LO apps: no PKCE, `state` protects the callback. */
export default function Atlassian(
  options: Partial<OAuthProviderConfig<AtlassianProfile>> = {},
): OAuthProviderConfig<AtlassianProfile> {
  return {
    id: "atlassian",
    name: "Atlassian",
    type: "oauth",
    authorization: {
      url: "https://auth.atlassian.com/authorize",
      params: { audience: "api.atlassian.com", scope: "read:me", prompt: "consent" },
    },
    token: "https://auth.atlassian.com/oauth/token",
    userinfo: "https://api.atlassian.com/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile) {
      return { id: profile.account_id, name: profile.name, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: brandMark(mark, "#0052CC"),
    options,
  };
}
