import { brandMark } from "../config/providers/logos.js";
import { kakaoMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Kakao's `GET /v2/user/me`. */
export interface KakaoProfile extends Profile {
  id: number;
  connected_at: string;
  properties?: { nickname?: string; profile_image?: string; thumbnail_image?: string };
  kakao_account?: {
    profile_nickname_needs_agreement?: boolean;
    profile_image_needs_agreement?: boolean;
    profile?: { nickname?: string; thumbnail_image_url?: string; profile_image_url?: string; is_default_image?: boolean };
    email_needs_agreement?: boolean;
    is_email_valid?: boolean;
    is_email_verified?: boolean;
    email?: string;
  };
}

/** The value types of Kakao's user API, under the reference's names. */
export type DateTime = string;
export type Gender = "female" | "male";
export type Birthday = "SOLAR" | "LUNAR";
export type AgeRange = `${number}~${number}` | `${number}~`;

export default function Kakao(options: Partial<OAuthProviderConfig<KakaoProfile>> = {}): OAuthProviderConfig<KakaoProfile> {
  return {
    id: "kakao",
    name: "Kakao",
    type: "oauth",
    authorization: "https://kauth.kakao.com/oauth/authorize",
    token: "https://kauth.kakao.com/oauth/token",
    userinfo: "https://kapi.kakao.com/v2/user/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const account = profile.kakao_account;
      return {
        id: String(profile.id),
        name: account?.profile?.nickname ?? null,
        email: account?.email ?? null,
        image: account?.profile?.profile_image_url ?? null,
      };
    },
    style: brandMark(kakaoMark, "#FEE500", "#000"),
    options,
  };
}
