import { fetchJson, userinfoUrl } from "./fetch-profile.js";
import { brandMark } from "../config/providers/logos.js";
import { mailchimpMark } from "./brand-marks.js";
import { conformSuccess, withBearerType } from "./token-response.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Mailchimp's `GET /oauth2/metadata`. */
export interface MailchimpProfile extends Profile {
  dc: string;
  role: string;
  accountname: string;
  user_id: number;
  login: { email: string; avatar: string | null; login_id: number; login_name: string; login_email: string };
  login_url: string;
  api_endpoint: string;
}

export default function Mailchimp(
  options: Partial<OAuthProviderConfig<MailchimpProfile>> = {},
): OAuthProviderConfig<MailchimpProfile> {
  return {
    id: "mailchimp",
    name: "Mailchimp",
    type: "oauth",
    authorization: "https://login.mailchimp.com/oauth2/authorize",
    token: { url: "https://login.mailchimp.com/oauth2/token", conform: conformSuccess(withBearerType) },
    userinfo: {
      url: "https://login.mailchimp.com/oauth2/metadata",
      // The metadata endpoint takes the token under Mailchimp's own "OAuth" scheme.
      request: ({ tokens, provider }) =>
        fetchJson(provider, userinfoUrl(provider), { headers: { Authorization: `OAuth ${tokens.access_token}` } }),
    },
    profile(profile) {
      return {
        id: String(profile.login.login_id),
        name: profile.accountname,
        email: profile.login.email,
        image: profile.login.avatar ?? null,
      };
    },
    style: brandMark(mailchimpMark, "#FFE01B", "#000"),
    options,
  };
}
