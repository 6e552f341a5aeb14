import { underBase, underBaseWithQuery } from "./base-url.js";
import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** GitLab's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "m23.6004 9.5927-.0337-.0862L20.3.9814a.851.851 0 0 0-.3362-.405.8748.8748 0 0 0-.9997.0539.8748.8748 0 0 0-.29.4399l-2.2055 6.748H7.5375l-2.2057-6.748a.8573.8573 0 0 0-.29-.4412.8748.8748 0 0 0-.9997-.0537.8585.8585 0 0 0-.3362.4049L.4332 9.5015l-.0325.0862a6.0657 6.0657 0 0 0 2.0119 7.0105l.0113.0087.03.0213 4.976 3.7264 2.462 1.8633 1.4995 1.1321a1.0085 1.0085 0 0 0 1.2197 0l1.4995-1.1321 2.4619-1.8633 5.006-3.7489.0125-.01a6.0682 6.0682 0 0 0 2.0094-7.003z";

/** GitLab's current user (`GET /api/v4/user`). */
export interface GitLabProfile extends Profile {
  id: number;
  username: string;
  name: string;
  state: string;
  locked: boolean;
  avatar_url: string | null;
  web_url: string;
  created_at: string;
  bio: string;
  location: string | null;
  public_email: string | null;
  email: string;
  commit_email?: string;
  two_factor_enabled: boolean;
  confirmed_at?: string;
  last_sign_in_at?: string;
}

export interface GitLabOptions extends Partial<OAuthProviderConfig<GitLabProfile>> {
  /** A self-managed instance, e.g. `https://gitlab.example.com`. Default: gitlab.com. */
  baseUrl?: string;
}

export default function GitLab(options: GitLabOptions = {}): OAuthProviderConfig<GitLabProfile> {
  const base = options.baseUrl ?? "https://gitlab.com";
  return {
    id: "gitlab",
    name: "GitLab",
    type: "oauth",
    authorization: underBaseWithQuery(base, "/oauth/authorize", { scope: "read_user" }),
    token: underBase(base, "/oauth/token"),
    userinfo: underBase(base, "/api/v4/user"),
    profile(profile) {
      return {
        id: String(profile.id),
        name: profile.name || profile.username,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      };
    },
    style: brandMark(mark, "#FC6D26", "#000"),
    options,
  };
}
