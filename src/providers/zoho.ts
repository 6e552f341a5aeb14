import { fetchJson, userinfoUrl } from "./fetch-profile.js";
import { brandMark } from "../config/providers/logos.js";
import { zohoMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Zoho Accounts' `GET /oauth/user/info`. */
export interface ZohoProfile extends Profile {
  ZUID: number;
  First_Name: string;
  Last_Name: string;
  Display_Name: string;
  Email: string;
}

/** Zoho (accounts.zoho.com; other data centres by overriding the endpoint URLs). */
export default function Zoho(options: Partial<OAuthProviderConfig<ZohoProfile>> = {}): OAuthProviderConfig<ZohoProfile> {
  return {
    id: "zoho",
    name: "Zoho",
    type: "oauth",
    authorization: { url: "https://accounts.zoho.com/oauth/v2/auth", params: { scope: "AaaServer.profile.Read" } },
    token: "https://accounts.zoho.com/oauth/v2/token",
    userinfo: {
      url: "https://accounts.zoho.com/oauth/user/info",
      // Zoho's APIs take the token under their own "Zoho-oauthtoken" scheme.
      request: ({ tokens, provider }) =>
        fetchJson(provider, userinfoUrl(provider), { headers: { Authorization: `Zoho-oauthtoken ${tokens.access_token}` } }),
    },
    profile(profile) {
      return {
        id: String(profile.ZUID),
        name: profile.Display_Name || `${profile.First_Name} ${profile.Last_Name}`.trim(),
        email: profile.Email,
        image: null,
      };
    },
    style: brandMark(zohoMark, "#E42527"),
    options,
  };
}
