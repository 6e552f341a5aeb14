import { fetchJson, userinfoUrl } from "./fetch-profile.js";
import { brandMark } from "../config/providers/logos.js";
import { mailruMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Mail.ru's `GET https://oauth.mail.ru/userinfo`. */
export interface MailruProfile extends Profile {
  id: string;
  client_id: string;
  gender: "m" | "f";
  name: string;
  nickname: string;
  locale: string;
  first_name: string;
  last_name: string;
  birthday?: string;
  email: string;
  image?: string;
}

export default function Mailru(options: Partial<OAuthProviderConfig<MailruProfile>> = {}): OAuthProviderConfig<MailruProfile> {
  return {
    id: "mailru",
    name: "Mail.ru",
    type: "oauth",
    authorization: { url: "https://oauth.mail.ru/login", params: { scope: "userinfo" } },
    token: "https://oauth.mail.ru/token",
    userinfo: {
      url: "https://oauth.mail.ru/userinfo",
      // Mail.ru takes the token as a query parameter.
      request: ({ tokens, provider }) =>
        fetchJson(provider, userinfoUrl(provider, { access_token: String(tokens.access_token) })),
    },
    profile(profile) {
      return {
        id: profile.id,
        name: profile.name || profile.nickname,
        email: profile.email ?? null,
        image: profile.image ?? null,
      };
    },
    style: brandMark(mailruMark, "#005FF9"),
    options,
  };
}
