import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Naver's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark = "M16.273 12.845 7.376 0H0v24h7.726V11.156L16.624 24H24V0h-7.727v12.845Z";

/** Naver's `GET /v1/nid/me`. */
export interface NaverProfile extends Profile {
  resultcode: string;
  message: string;
  response: {
    id: string;
    nickname?: string;
    name?: string;
    email?: string;
    gender?: "F" | "M" | "U";
    age?: string;
    birthday?: string;
    profile_image?: string;
    birthyear?: string;
    mobile?: string;
  };
}

/** Naver Login requires `state` and has no PKCE. */
export default function Naver(options: Partial<OAuthProviderConfig<NaverProfile>> = {}): OAuthProviderConfig<NaverProfile> {
  return {
    id: "naver",
    name: "Naver",
    type: "oauth",
    authorization: "https://nid.naver.com/oauth2.0/authorize",
    token: "https://nid.naver.com/oauth2.0/token",
    userinfo: "https://openapi.naver.com/v1/nid/me",
    checks: ["state"],
    profile({ response }) {
      return {
        id: response.id,
        name: response.nickname ?? response.name ?? null,
        email: response.email ?? null,
        image: response.profile_image ?? null,
      };
    },
    style: brandMark(mark, "#03C75A", "#000"),
    options,
  };
}
