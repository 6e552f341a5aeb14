import { brandMark } from "../config/providers/logos.js";
import { instagramMark } from "./brand-marks.js";
import { conformSuccess, withBearerType } from "./token-response.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** `GET graph.instagram.com/me` for a professional account signed in with "Instagram Login". */
export interface InstagramProfile extends Profile {
  /** The app-scoped id. */
  id: string;
  /** The account's Instagram professional id. */
  user_id: string;
  username: string;
  name?: string;
  account_type?: "BUSINESS" | "MEDIA_CREATOR";
  profile_picture_url?: string;
}

/**
 * Instagram answers the code exchange with `{data: [{access_token, user_id, permissions}]}` (or the
 * bare object) and no `token_type`: hand the core a plain RFC 6749 token answer.
 */
const conformTokenResponse = conformSuccess((body) =>
  withBearerType(Array.isArray(body.data) ? (body.data[0] as Record<string, unknown>) : body),
);

/** Instagram (API with Instagram Login, for business and creator accounts). It shares no email address. */
export default function Instagram(
  options: Partial<OAuthProviderConfig<InstagramProfile>> = {},
): OAuthProviderConfig<InstagramProfile> {
  return {
    id: "instagram",
    name: "Instagram",
    type: "oauth",
    authorization: { url: "https://www.instagram.com/oauth/authorize", params: { scope: "instagram_business_basic" } },
    token: { url: "https://api.instagram.com/oauth/access_token", conform: conformTokenResponse },
    userinfo: "https://graph.instagram.com/me?fields=id,user_id,username,name,account_type,profile_picture_url",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return {
        id: profile.id,
        name: profile.name || profile.username,
        email: null,
        image: profile.profile_picture_url ?? null,
      };
    },
    style: brandMark(instagramMark, "#E1306C", "#000"),
    options,
  };
}
