import { brandMark } from "../config/providers/logos.js";
import { atlassianMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

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
    style: brandMark(atlassianMark, "#0052CC"),
    options,
  };
}
