import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Strava's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M15.387 17.944l-2.089-4.116h-3.065L15.387 24l5.15-10.172h-3.066m-7.008-5.599l2.836 5.598h4.172L10.463 0l-7 13.828h4.169";

/** Strava's authenticated athlete (`GET /api/v3/athlete`). Strava shares no email address. */
export interface StravaProfile extends Profile {
  id: number;
  username: string | null;
  resource_state: number;
  firstname: string;
  lastname: string;
  city: string | null;
  state: string | null;
  country: string | null;
  sex: "M" | "F" | null;
  premium: boolean;
  summit: boolean;
  created_at: string;
  updated_at: string;
  profile_medium: string;
  /** The URL of the athlete's 124×124 picture. */
  profile: string;
}

export default function Strava(options: Partial<OAuthProviderConfig<StravaProfile>> = {}): OAuthProviderConfig<StravaProfile> {
  return {
    id: "strava",
    name: "Strava",
    type: "oauth",
    authorization: {
      url: "https://www.strava.com/oauth/authorize",
      params: { scope: "read", approval_prompt: "auto" },
    },
    token: "https://www.strava.com/oauth/token",
    userinfo: "https://www.strava.com/api/v3/athlete",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return {
        id: String(profile.id),
        name: `${profile.firstname} ${profile.lastname}`.trim(),
        email: null,
        image: profile.profile ?? null,
      };
    },
    style: brandMark(mark, "#FC4C02", "#000"),
    options,
  };
}
