import { brandMark } from "../config/providers/logos.js";
import { facebookMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** The Graph API user with the fields sekisho asks for (`id,name,email,picture`). */
export interface FacebookProfile extends Profile {
  id: string;
  name: string;
  /** Absent when the user has no confirmed email or declined the `email` permission. */
  email?: string;
  picture?: { data: { url: string; width: number; height: number; is_silhouette: boolean } };
}

export default function Facebook(
  options: Partial<OAuthProviderConfig<FacebookProfile>> = {},
): OAuthProviderConfig<FacebookProfile> {
  return {
    id: "facebook",
    name: "Facebook",
    type: "oauth",
    authorization: { url: "https://www.facebook.com/dialog/oauth", params: { scope: "email public_profile" } },
    token: "https://graph.facebook.com/oauth/access_token",
    userinfo: "https://graph.facebook.com/me?fields=id,name,email,picture",
    profile(profile) {
      return {
        id: profile.id,
        name: profile.name,
        email: profile.email ?? null,
        image: profile.picture?.data.url ?? null,
      };
    },
    style: brandMark(facebookMark, "#1877F2", "#000"),
    options,
  };
}
