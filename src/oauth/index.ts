import type { SignInMethod } from "../flows/sign-in-method.js";
import { oauthSignIn } from "./authorize.js";
import { userinfoCallback } from "./oauth-callback.js";

/**
 * OAuth 2.0: the profile comes from the userinfo endpoint. The core carries it, for providers written as plain objects.
 * Its requests, like OpenID Connect's, count under no rate limit: its sign-in writes only check cookies, and its
 * callback needs an identity the provider has proven.
 */
export const oauthMethod: SignInMethod<"oauth"> = {
  type: "oauth",
  signIn: oauthSignIn,
  callback: userinfoCallback,
};
