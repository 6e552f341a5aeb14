import { brandMark } from "../config/providers/logos.js";
import { bitbucketMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Bitbucket Cloud's current user (`GET /2.0/user`). */
export interface BitbucketProfile extends Profile {
  type: "user";
  uuid: string;
  account_id: string;
  username: string;
  display_name: string;
  nickname: string;
  created_on: string;
  account_status: string;
  is_staff: boolean;
  links: { avatar?: { href: string }; html: { href: string }; self: { href: string } };
}

export default function Bitbucket(
  options: Partial<OAuthProviderConfig<BitbucketProfile>> = {},
): OAuthProviderConfig<BitbucketProfile> {
  return {
    id: "bitbucket",
    name: "Bitbucket",
    type: "oauth",
    authorization: { url: "https://bitbucket.org/site/oauth2/authorize", params: { scope: "account" } },
    token: "https://bitbucket.org/site/oauth2/access_token",
    userinfo: "https://api.bitbucket.org/2.0/user",
    profile(profile) {
      return {
        id: profile.account_id,
        name: profile.display_name ?? profile.username,
        email: null,
        image: profile.links.avatar?.href ?? null,
      };
    },
    style: brandMark(bitbucketMark, "#0052CC"),
    options,
  };
}
