import { oidcMethod } from "../oauth/oidc-method.js";
import { userFromClaims, type IDTokenClaims } from "./claims.js";
import { brandMark } from "../config/providers/logos.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Apple's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M12.152 6.896c-.948 0-2.415-1.078-3.96-1.04-2.04.027-3.91 1.183-4.961 3.014-2.117 3.675-.546 9.103 1.519 12.09 1.013 1.454 2.208 3.09 3.792 3.039 1.52-.065 2.09-.987 3.935-.987 1.831 0 2.35.987 3.96.948 1.637-.026 2.676-1.48 3.676-2.948 1.156-1.688 1.636-3.325 1.662-3.415-.039-.013-3.182-1.221-3.22-4.857-.026-3.04 2.48-4.494 2.597-4.559-1.429-2.09-3.623-2.324-4.39-2.376-2-.156-3.675 1.09-4.61 1.09zM15.53 3.83c.843-1.012 1.4-2.427 1.245-3.83-1.207.052-2.662.805-3.532 1.818-.78.896-1.454 2.338-1.273 3.714 1.338.104 2.715-.688 3.559-1.701";

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
    style: brandMark(mark, "#000"),
    options,
  };
}
