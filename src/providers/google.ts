import { oidcMethod } from "../flows/oauth/oidc.js";
import { brandMark } from "../config/providers/logos.js";
import { googleMark } from "./brand-marks.js";
import type { IDTokenClaims } from "./claims.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/types.js";

/** The claims of a Google ID token. */
export interface GoogleProfile extends IDTokenClaims {
  azp: string;
  email: string;
  email_verified: boolean;
  at_hash?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  locale?: string;
  /** The Google Workspace domain of the account, when it has one. */
  hd?: string;
}

export default function Google(options: Partial<OAuthProviderConfig<GoogleProfile>> = {}): OAuthProviderConfig<GoogleProfile> {
  return {
    id: "google",
    name: "Google",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: "https://accounts.google.com",
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email, image: profile.picture ?? null };
    },
    style: brandMark(googleMark, "#1a73e8"),
    options,
  };
}
