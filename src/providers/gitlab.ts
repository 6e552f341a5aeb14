import { underBase, underBaseWithQuery } from "./base-url.js";
import { brandMark } from "../config/providers/logos.js";
import { gitlabMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

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
    style: brandMark(gitlabMark, "#FC6D26", "#000"),
    options,
  };
}
