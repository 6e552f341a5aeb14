import { fetchJson, userinfoUrl } from "../oauth-client/provider-fetch.js";
import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Mail.Ru's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M15.61 12c0 1.99-1.62 3.61-3.61 3.61-1.99 0-3.61-1.62-3.61-3.61 0-1.99 1.62-3.61 3.61-3.61 1.99 0 3.61 1.62 3.61 3.61M12 0C5.383 0 0 5.383 0 12s5.383 12 12 12c2.424 0 4.761-.722 6.76-2.087l.034-.024-1.617-1.879-.027.017A9.494 9.494 0 0 1 12 21.54c-5.26 0-9.54-4.28-9.54-9.54 0-5.26 4.28-9.54 9.54-9.54 5.26 0 9.54 4.28 9.54 9.54a9.63 9.63 0 0 1-.225 2.05c-.301 1.239-1.169 1.618-1.82 1.568-.654-.053-1.42-.52-1.426-1.661V12A6.076 6.076 0 0 0 12 5.93 6.076 6.076 0 0 0 5.93 12 6.076 6.076 0 0 0 12 18.07a6.02 6.02 0 0 0 4.3-1.792 3.9 3.9 0 0 0 3.32 1.805c.874 0 1.74-.292 2.437-.821.719-.547 1.256-1.336 1.553-2.285.047-.154.135-.504.135-.507l.002-.013c.175-.76.253-1.52.253-2.457 0-6.617-5.383-12-12-12";

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
    style: brandMark(mark, "#005FF9"),
    options,
  };
}
