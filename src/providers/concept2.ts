import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Concept2 Logbook's `GET /api/users/me`. */
export interface Concept2Profile extends Profile {
  data: {
    id: number;
    username: string;
    first_name: string;
    last_name: string;
    gender: "M" | "F";
    dob: string;
    email: string;
    country: string;
    profile_image: string;
    age_restricted: boolean;
    email_permission: boolean | null;
    max_heart_rate: number | null;
    weight: number | null;
    logbook_privacy: string | null;
  };
}

export default function Concept2(
  options: Partial<OAuthProviderConfig<Concept2Profile>> = {},
): OAuthProviderConfig<Concept2Profile> {
  return {
    id: "concept2",
    name: "Concept2",
    type: "oauth",
    authorization: { url: "https://log.concept2.com/oauth/authorize", params: { scope: "user:read" } },
    token: "https://log.concept2.com/oauth/access_token",
    userinfo: "https://log.concept2.com/api/users/me",
    profile({ data }) {
      return {
        id: String(data.id),
        name: `${data.first_name} ${data.last_name}`.trim() || data.username,
        email: data.email ?? null,
        image: data.profile_image || null,
      };
    },
    style: brandStyle("C2", "#003A70"),
    options,
  };
}
