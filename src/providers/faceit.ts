import { brandMark } from "../config/providers/logos.js";
import { faceitMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** FACEIT Connect's `GET /auth/v1/resources/userinfo`. */
export interface FaceitProfile extends Profile {
  guid: string;
  nickname: string;
  email?: string;
  picture?: string;
  given_name?: string;
  family_name?: string;
  locale?: string;
  membership?: string;
}

export default function Faceit(options: Partial<OAuthProviderConfig<FaceitProfile>> = {}): OAuthProviderConfig<FaceitProfile> {
  return {
    id: "faceit",
    name: "FACEIT",
    type: "oauth",
    authorization: "https://accounts.faceit.com/accounts?redirect_popup=true",
    token: "https://api.faceit.com/auth/v1/oauth/token",
    userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
    profile(profile) {
      return {
        id: profile.guid,
        name: profile.nickname,
        email: profile.email ?? null,
        image: profile.picture || null,
      };
    },
    style: brandMark(faceitMark, "#FF5500", "#000"),
    options,
  };
}
