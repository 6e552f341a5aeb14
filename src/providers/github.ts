import { bearer, configuredFetch, fetchJson, userinfoUrl } from "../oauth-client/provider-fetch.js";
import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** GitHub's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M12 .297c-6.63 0-12 5.373-12 12 0 5.303 3.438 9.8 8.205 11.385.6.113.82-.258.82-.577 0-.285-.01-1.04-.015-2.04-3.338.724-4.042-1.61-4.042-1.61C4.422 18.07 3.633 17.7 3.633 17.7c-1.087-.744.084-.729.084-.729 1.205.084 1.838 1.236 1.838 1.236 1.07 1.835 2.809 1.305 3.495.998.108-.776.417-1.305.76-1.605-2.665-.3-5.466-1.332-5.466-5.93 0-1.31.465-2.38 1.235-3.22-.135-.303-.54-1.523.105-3.176 0 0 1.005-.322 3.3 1.23.96-.267 1.98-.399 3-.405 1.02.006 2.04.138 3 .405 2.28-1.552 3.285-1.23 3.285-1.23.645 1.653.24 2.873.12 3.176.765.84 1.23 1.91 1.23 3.22 0 4.61-2.805 5.625-5.475 5.92.42.36.81 1.096.81 2.22 0 1.606-.015 2.896-.015 3.286 0 .315.21.69.825.57C20.565 22.092 24 17.592 24 12.297c0-6.627-5.373-12-12-12";

/** The user object of GitHub's REST API (`GET /user`). */
export interface GitHubProfile extends Profile {
  id: number;
  login: string;
  node_id: string;
  avatar_url: string;
  html_url: string;
  type: string;
  site_admin: boolean;
  name: string | null;
  company: string | null;
  blog: string | null;
  location: string | null;
  email: string | null;
  bio: string | null;
  twitter_username?: string | null;
  /**
   * Not GitHub's: set to true when the address was taken from `/user/emails`, which said it is verified. The
   * public address of `/user` carries no such statement, and leaves this out.
   */
  email_verified?: boolean;
  public_repos: number;
  followers: number;
  following: number;
  created_at: string;
  updated_at: string;
}

/** One entry of `GET /user/emails`. */
export interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility: "public" | "private" | null;
}

export interface GitHubOptions extends Partial<OAuthProviderConfig<GitHubProfile>> {
  /** GitHub Enterprise Server: the instance's URL, e.g. `https://github.example.com`. */
  enterprise?: { baseUrl?: string };
}

export default function GitHub(options: GitHubOptions = {}): OAuthProviderConfig<GitHubProfile> {
  const baseUrl = options.enterprise?.baseUrl?.replace(/\/+$/, "") ?? "https://github.com";
  const apiUrl = options.enterprise?.baseUrl ? `${baseUrl}/api/v3` : "https://api.github.com";
  return {
    id: "github",
    name: "GitHub",
    type: "oauth",
    authorization: { url: `${baseUrl}/login/oauth/authorize`, params: { scope: "read:user user:email" } },
    token: `${baseUrl}/login/oauth/access_token`,
    userinfo: {
      url: `${apiUrl}/user`,
      async request({ tokens, provider }) {
        // GitHub refuses API requests that carry no User-Agent.
        const headers = { ...bearer(tokens), Accept: "application/vnd.github+json", "User-Agent": "sekisho" };
        const profile = await fetchJson<GitHubProfile>(provider, userinfoUrl(provider), { headers });
        if (profile.email) return profile;
        // A private email is left out of /user; /user/emails lists it when `user:email` was granted.
        const response = await configuredFetch(provider)(`${apiUrl}/user/emails`, { headers });
        if (!response.ok) return profile;
        const emails = (await response.json()) as GitHubEmail[];
        const chosen = emails.find((entry) => entry.primary && entry.verified) ?? emails[0];
        return { ...profile, email: chosen?.email ?? null, ...(chosen?.verified === true ? { email_verified: true } : {}) };
      },
    },
    profile(profile) {
      return {
        id: String(profile.id),
        name: profile.name ?? profile.login,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      };
    },
    style: brandMark(mark, "#24292f"),
    options,
  };
}
