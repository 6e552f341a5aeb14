import { oidcMethod } from "../flows/oauth/oidc.js";
import { brandMark } from "../config/providers/logos.js";
import { robloxMark } from "./brand-marks.js";
import type { IDTokenClaims } from "./claims.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/types.js";

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
    style: brandMark(robloxMark, "#000"),
    options,
  };
}
