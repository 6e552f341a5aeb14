import { oidcMethod } from "../oauth/oidc-method.js";
import { brandStyle } from "../config/providers/logos.js";
import type { IDTokenClaims } from "./claims.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/provider-types.js";

/** The claims of a "Sign in with Slack" ID token. */
export interface SlackProfile extends IDTokenClaims {
  "https://slack.com/user_id": string;
  "https://slack.com/team_id": string;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
  given_name?: string;
  family_name?: string;
  locale?: string;
  "https://slack.com/team_name"?: string;
  "https://slack.com/team_domain"?: string;
  "https://slack.com/user_image_192"?: string;
}

/** Sign in with Slack: no PKCE, the callback is bound by `state` and the ID token by `nonce`. */
export default function Slack(options: Partial<OAuthProviderConfig<SlackProfile>> = {}): OAuthProviderConfig<SlackProfile> {
  return {
    id: "slack",
    name: "Slack",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: "https://slack.com",
    checks: ["nonce", "state"],
    profile(profile) {
      return { id: profile.sub, name: profile.name, email: profile.email, image: profile.picture ?? null };
    },
    style: brandStyle("S", "#4A154B"),
    options,
  };
}
