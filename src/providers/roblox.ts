import { oidcMethod } from "../oauth/oidc-method.js";
import { brandMark } from "../config/providers/logos.js";
import type { IDTokenClaims } from "./claims.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Roblox's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark = "M18.926 23.998 0 18.892 5.075.002 24 5.108ZM15.348 10.09l-5.282-1.453-1.414 5.273 5.282 1.453z";

/** The claims of a Roblox ID token with the `openid profile` scopes. Roblox shares no email address. */
export interface RobloxProfile extends IDTokenClaims {
  name: string;
  nickname: string;
  preferred_username: string;
  created_at: number;
  profile: string;
  picture: string | null;
}

export default function Roblox(options: Partial<OAuthProviderConfig<RobloxProfile>> = {}): OAuthProviderConfig<RobloxProfile> {
  return {
    id: "roblox",
    name: "Roblox",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: "https://apis.roblox.com/oauth/",
    authorization: { params: { scope: "openid profile" } },
    checks: ["pkce", "state"],
    profile(profile) {
      return {
        id: profile.sub,
        name: profile.nickname || profile.preferred_username,
        email: null,
        image: profile.picture ?? null,
      };
    },
    style: brandMark(mark, "#000"),
    options,
  };
}
