import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Yandex ID's `GET https://login.yandex.ru/info?format=json`. */
export interface YandexProfile extends Profile {
  id: string;
  login: string;
  client_id: string;
  psuid: string;
  display_name?: string;
  real_name?: string;
  first_name?: string;
  last_name?: string;
  sex?: "male" | "female" | null;
  default_email?: string;
  emails?: string[];
  default_avatar_id?: string;
  is_avatar_empty?: boolean;
  birthday?: string | null;
}

export default function Yandex(options: Partial<OAuthProviderConfig<YandexProfile>> = {}): OAuthProviderConfig<YandexProfile> {
  return {
    id: "yandex",
    name: "Yandex",
    type: "oauth",
    authorization: {
      url: "https://oauth.yandex.ru/authorize",
      params: { scope: "login:info login:email login:avatar" },
    },
    token: "https://oauth.yandex.ru/token",
    userinfo: "https://login.yandex.ru/info?format=json",
    profile(profile) {
      const avatar = !profile.is_avatar_empty && profile.default_avatar_id;
      return {
        id: profile.id,
        name: profile.display_name ?? profile.real_name ?? profile.first_name ?? profile.login,
        email: profile.default_email ?? profile.emails?.[0] ?? null,
        image: avatar ? `https://avatars.yandex.net/get-yapic/${profile.default_avatar_id}/islands-200` : null,
      };
    },
    style: brandStyle("Ya", "#FC3F1D", "#000"),
    options,
  };
}
