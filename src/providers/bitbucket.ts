import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Bitbucket's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M.778 1.213a.768.768 0 00-.768.892l3.263 19.81c.084.5.515.868 1.022.873H19.95a.772.772 0 00.77-.646l3.27-20.03a.768.768 0 00-.768-.891zM14.52 15.53H9.522L8.17 8.466h7.561z";

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
    style: brandMark(mark, "#0052CC"),
    options,
  };
}
