import { oidcMethod } from "../flows/oauth/oidc.js";
import { brandMark } from "../config/providers/logos.js";
import { simpleloginMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/types.js";

/** SimpleLogin's userinfo claims. */
export interface SimpleLoginProfile extends Profile {
  sub: string;
  id: number;
  client: string;
  email: string;
  email_verified: boolean;
  name: string;
  avatar_url: string | null;
}

export default function SimpleLogin(
  options: Partial<OAuthProviderConfig<SimpleLoginProfile>> = {},
): OAuthProviderConfig<SimpleLoginProfile> {
  return {
    id: "simplelogin",
    name: "SimpleLogin",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: "https://app.simplelogin.io",
    profile(profile) {
      return { id: profile.sub, name: profile.name, email: profile.email, image: profile.avatar_url ?? null };
    },
    style: brandMark(simpleloginMark, "#E3156A"),
    options,
  };
}
