import { bearer, fetchJson, userinfoUrl } from "../oauth-client/provider-fetch.js";
import { brandMark } from "../config/providers/logos.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Dropbox's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M6 1.807L0 5.629l6 3.822 6.001-3.822L6 1.807zM18 1.807l-6 3.822 6 3.822 6-3.822-6-3.822zM0 13.274l6 3.822 6.001-3.822L6 9.452l-6 3.822zM18 9.452l-6 3.822 6 3.822 6-3.822-6-3.822zM6 18.371l6.001 3.822 6-3.822-6-3.822L6 18.371z";

/**
 * Dropbox's `users/get_current_account`. Its `name` is an object, which the `Profile` constraint of
 * `OAuthProviderConfig` does not allow, so the provider is typed with `Profile` and reads this shape.
 */
export interface DropboxProfile {
  account_id: string;
  name: { given_name: string; surname: string; familiar_name: string; display_name: string; abbreviated_name: string };
  email: string;
  email_verified: boolean;
  disabled: boolean;
  country?: string;
  locale: string;
  referral_link: string;
  is_paired: boolean;
  account_type: { ".tag": "basic" | "pro" | "business" };
  profile_photo_url?: string;
}

export default function Dropbox(options: Partial<OAuthProviderConfig> = {}): OAuthProviderConfig {
  return {
    id: "dropbox",
    name: "Dropbox",
    type: "oauth",
    authorization: {
      url: "https://www.dropbox.com/oauth2/authorize",
      params: { scope: "account_info.read", token_access_type: "offline" },
    },
    token: "https://api.dropboxapi.com/oauth2/token",
    userinfo: {
      url: "https://api.dropboxapi.com/2/users/get_current_account",
      // A Dropbox RPC endpoint: POST, with no body for an endpoint that takes no arguments.
      request: ({ tokens, provider }) => fetchJson(provider, userinfoUrl(provider), { method: "POST", headers: bearer(tokens) }),
    },
    profile(raw) {
      const profile = raw as unknown as DropboxProfile;
      return {
        id: profile.account_id,
        name: profile.name.display_name,
        email: profile.email,
        image: profile.profile_photo_url ?? null,
      };
    },
    style: brandMark(mark, "#0061FE"),
    options,
  };
}
