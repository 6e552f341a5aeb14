import { underBase } from "./base-url.js";
import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Webex's `GET /v1/people/me`. */
export interface WebexProfile extends Profile {
  id: string;
  emails: string[];
  phoneNumbers?: { type: string; value: string }[];
  displayName: string;
  nickName?: string;
  firstName?: string;
  lastName?: string;
  avatar?: string;
  orgId: string;
  created: string;
  lastModified?: string;
  lastActivity?: string;
  status?: string;
  type: "person" | "bot";
}

export interface WebexOptions extends Partial<OAuthProviderConfig<WebexProfile>> {
  /** Another Webex API base, e.g. for FedRAMP. Default: `https://webexapis.com/v1`. */
  apiBaseUrl?: string;
}

export default function Webex(options: WebexOptions = {}): OAuthProviderConfig<WebexProfile> {
  const base = options.apiBaseUrl ?? "https://webexapis.com/v1";
  return {
    id: "webex",
    name: "Webex",
    type: "oauth",
    authorization: { url: underBase(base, "/authorize"), params: { scope: "spark:kms spark:people_read" } },
    token: underBase(base, "/access_token"),
    userinfo: underBase(base, "/people/me"),
    profile(profile) {
      return {
        id: profile.id,
        name: profile.displayName,
        email: profile.emails?.[0] ?? null,
        image: profile.avatar ?? null,
      };
    },
    style: brandStyle("W", "#00A0D1", "#000"),
    options,
  };
}
