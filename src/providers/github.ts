import { bearer, fetchJson, providerFetch, userinfoUrl } from "./fetch-profile.js";
import { brandMark } from "../config/providers/logos.js";
import { githubMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

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
        const response = await providerFetch(provider)(`${apiUrl}/user/emails`, { headers });
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
    style: brandMark(githubMark, "#24292f"),
    options,
  };
}
