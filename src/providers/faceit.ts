import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** FACEIT's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M23.999 2.705a.167.167 0 00-.312-.1 1141.27 1141.27 0 00-6.053 9.375H.218c-.221 0-.301.282-.11.352 7.227 2.73 17.667 6.836 23.5 9.134.15.06.39-.08.39-.18z";

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
    style: brandMark(mark, "#FF5500", "#000"),
    options,
  };
}
