import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Wikimedia's `GET /w/rest.php/oauth2/resource/profile`. */
export interface WikimediaProfile extends Profile {
  sub: string;
  username: string;
  editcount: number;
  confirmed_email: boolean;
  blocked: boolean;
  registered: string;
  groups: string[];
  rights: string[];
  grants: string[];
  /** Only with the grant to read the user's real name and email. */
  realname?: string;
  email?: string;
}

/** A group, grant and right of the profile, under the reference's names. */
export type WikimediaGroup = WikimediaProfile["groups"][number];
export type WikimediaGrant = WikimediaProfile["grants"][number];
export type WikimediaRight = WikimediaProfile["rights"][number];

/** Wikimedia (Wikipedia and its sister projects), through Meta-Wiki's OAuth 2.0. */
export default function Wikimedia(
  options: Partial<OAuthProviderConfig<WikimediaProfile>> = {},
): OAuthProviderConfig<WikimediaProfile> {
  return {
    id: "wikimedia",
    name: "Wikimedia",
    type: "oauth",
    authorization: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize",
    token: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
    userinfo: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
    profile(profile) {
      return { id: profile.sub, name: profile.username, email: profile.email ?? null, image: null };
    },
    style: brandStyle("W", "#000"),
    options,
  };
}
