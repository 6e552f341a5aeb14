import { oidcMethod } from "../oauth/oidc-method.js";
import { brandMark } from "../config/providers/logos.js";
import type { IDTokenClaims } from "./claims.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Google's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M12.48 10.92v3.28h7.84c-.24 1.84-.853 3.187-1.787 4.133-1.147 1.147-2.933 2.4-6.053 2.4-4.827 0-8.6-3.893-8.6-8.72s3.773-8.72 8.6-8.72c2.6 0 4.507 1.027 5.907 2.347l2.307-2.307C18.747 1.44 16.133 0 12.48 0 5.867 0 .307 5.387.307 12s5.56 12 12.173 12c3.573 0 6.267-1.173 8.373-3.36 2.16-2.16 2.84-5.213 2.84-7.667 0-.76-.053-1.467-.173-2.053H12.48z";

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
    style: brandMark(mark, "#1a73e8"),
    options,
  };
}
