import { oidcMethod } from "../flows/oauth/oidc.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandMark } from "../config/providers/logos.js";
import { appleMark } from "./brand-marks.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/types.js";

/** The `user` form field Apple posts once, on the first authorization only. */
export interface AppleUser {
  name?: { firstName?: string; lastName?: string };
  email?: string;
}

/** The claims of an Apple ID token, plus the `user` field when the core passes it along. */
export interface AppleProfile extends IDTokenClaims {
  email?: string;
  email_verified?: boolean;
  /** Whether `email` is a private relay address. */
  is_private_email?: boolean | "true" | "false";
  real_user_status?: 0 | 1 | 2;
  nonce?: string;
  nonce_supported?: boolean;
  auth_time?: number;
  user?: AppleUser;
}

/** The reference's name for the `user` Apple posts on the first sign-in. */
export type AppleNonConformUser = AppleUser;

/**
 * Sign in with Apple. Apple posts the callback (`response_mode=form_post`) and does not support
 * PKCE; `clientSecret` is the signed JWT Apple asks for, made by the application.
 */
export default function Apple(options: Partial<OAuthProviderConfig<AppleProfile>> = {}): OAuthProviderConfig<AppleProfile> {
  return {
    id: "apple",
    name: "Apple",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: "https://appleid.apple.com",
    authorization: { params: { scope: "name email", response_mode: "form_post" } },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["nonce", "state"],
    profile(profile) {
      const name = [profile.user?.name?.firstName, profile.user?.name?.lastName].filter(Boolean).join(" ");
      return userFromClaims(profile, name || null, null);
    },
    style: brandMark(appleMark, "#000"),
    options,
  };
}
