import { underBase, underBaseWithQuery } from "./base-url.js";
import { brandMark } from "../config/providers/logos.js";
import { mastodonMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Mastodon's `GET /api/v1/accounts/verify_credentials`. Mastodon shares no email address. */
export interface MastodonProfile extends Profile {
  id: string;
  username: string;
  acct: string;
  display_name: string;
  locked: boolean;
  bot: boolean;
  created_at: string;
  note: string;
  url: string;
  avatar: string;
  avatar_static: string;
  header: string;
  header_static: string;
  followers_count: number;
  following_count: number;
  statuses_count: number;
  last_status_at: string | null;
}

/** Mastodon. `issuer` is the instance, e.g. `https://mastodon.social` (or AUTH_MASTODON_ISSUER). */
export default function Mastodon(
  options: Partial<OAuthProviderConfig<MastodonProfile>> = {},
): OAuthProviderConfig<MastodonProfile> {
  return {
    id: "mastodon",
    name: "Mastodon",
    type: "oauth",
    authorization: underBaseWithQuery(options.issuer, "/oauth/authorize", { scope: "read:accounts" }),
    token: underBase(options.issuer, "/oauth/token"),
    userinfo: underBase(options.issuer, "/api/v1/accounts/verify_credentials"),
    profile(profile) {
      return {
        id: profile.id,
        name: profile.display_name || profile.username,
        email: null,
        image: profile.avatar_static ?? null,
      };
    },
    style: brandMark(mastodonMark, "#6364FF", "#000"),
    options,
  };
}
