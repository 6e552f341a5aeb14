import { oidcMethod } from "../flows/oauth/oidc.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandMark } from "../config/providers/logos.js";
import { huggingfaceMark } from "./brand-marks.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/types.js";

/** The claims of a Hugging Face ID token with the `openid profile email` scopes. */
export interface HuggingfaceProfile extends IDTokenClaims {
  name: string;
  preferred_username: string;
  profile: string;
  picture: string;
  website?: string;
  email?: string;
  email_verified?: boolean;
  isPro?: boolean;
}

export default function Huggingface(
  options: Partial<OAuthProviderConfig<HuggingfaceProfile>> = {},
): OAuthProviderConfig<HuggingfaceProfile> {
  return {
    id: "huggingface",
    name: "Hugging Face",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: "https://huggingface.co",
    checks: ["state", "pkce"],
    profile(profile) {
      return userFromClaims(profile, profile.name || profile.preferred_username);
    },
    style: brandMark(huggingfaceMark, "#FFD21E", "#000"),
    options,
  };
}
