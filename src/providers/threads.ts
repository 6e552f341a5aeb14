import { brandMark } from "../config/providers/logos.js";
import { threadsMark } from "./brand-marks.js";
import { conformSuccess, withBearerType } from "./token-response.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Threads' `GET /v1.0/me`. Threads shares no email address. */
export interface ThreadsProfile extends Profile {
  id: string;
  username: string;
  name?: string;
  threads_profile_picture_url?: string;
  threads_biography?: string;
}

/** Threads requires `state`; its token answer has no `token_type`. */
export default function Threads(options: Partial<OAuthProviderConfig<ThreadsProfile>> = {}): OAuthProviderConfig<ThreadsProfile> {
  return {
    id: "threads",
    name: "Threads",
    type: "oauth",
    authorization: { url: "https://threads.net/oauth/authorize", params: { scope: "threads_basic" } },
    token: { url: "https://graph.threads.net/oauth/access_token", conform: conformSuccess(withBearerType) },
    userinfo: "https://graph.threads.net/v1.0/me?fields=id,username,name,threads_profile_picture_url",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile) {
      return {
        id: profile.id,
        name: profile.name || profile.username,
        email: null,
        image: profile.threads_profile_picture_url ?? null,
      };
    },
    style: brandMark(threadsMark, "#000"),
    options,
  };
}
