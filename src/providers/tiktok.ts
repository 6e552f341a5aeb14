import { brandMark } from "../config/providers/logos.js";
import { tiktokMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** TikTok's `GET /v2/user/info/` with the fields of the `user.info.basic` scope. */
export interface TikTokProfile extends Profile {
  data: {
    user: { open_id: string; union_id?: string; avatar_url?: string; display_name: string };
  };
  error: { code: string; message: string; log_id: string };
}

/**
 * TikTok Login Kit. TikTok names the client id `client_key`, in the authorization request and in
 * the token request, so `clientId` must be passed to this function.
 */
/** The reference's name for it. */
export type TiktokProfile = TikTokProfile;

export default function TikTok(options: Partial<OAuthProviderConfig<TikTokProfile>> = {}): OAuthProviderConfig<TikTokProfile> {
  return {
    id: "tiktok",
    name: "TikTok",
    type: "oauth",
    authorization: {
      url: "https://www.tiktok.com/v2/auth/authorize/",
      params: { client_key: options.clientId, scope: "user.info.basic" },
    },
    token: { url: "https://open.tiktokapis.com/v2/oauth/token/", params: { client_key: options.clientId } },
    userinfo: "https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,avatar_url,display_name",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile({ data }) {
      return {
        id: data.user.open_id,
        name: data.user.display_name,
        email: null,
        image: data.user.avatar_url ?? null,
      };
    },
    style: brandMark(tiktokMark, "#000"),
    options,
  };
}
