import { bearer, fetchJson, userinfoUrl } from "./fetch-profile.js";
import { brandMark } from "../config/providers/logos.js";
import { traktMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** Trakt's `GET /users/me?extended=full`. Trakt shares no email address. */
export interface TraktProfile extends Profile {
  username: string;
  private: boolean;
  name: string;
  vip: boolean;
  vip_ep: boolean;
  ids: { slug: string; uuid?: string };
  joined_at: string;
  location: string;
  about: string;
  age: number;
  images: { avatar: { full: string } };
}

/** The reference's name for the profile. */
export type TraktUser = TraktProfile;

export default function Trakt(options: Partial<OAuthProviderConfig<TraktProfile>> = {}): OAuthProviderConfig<TraktProfile> {
  return {
    id: "trakt",
    name: "Trakt",
    type: "oauth",
    authorization: "https://trakt.tv/oauth/authorize",
    token: "https://api.trakt.tv/oauth/token",
    client: { token_endpoint_auth_method: "client_secret_post" },
    userinfo: {
      url: "https://api.trakt.tv/users/me?extended=full",
      request({ tokens, provider }) {
        // Trakt's API names the calling application by its client id and wants the version pinned.
        const headers = { ...bearer(tokens), "trakt-api-version": "2", "trakt-api-key": provider.clientId ?? "" };
        return fetchJson(provider, userinfoUrl(provider), { headers });
      },
    },
    profile(profile) {
      return {
        id: profile.ids.slug,
        name: profile.name || profile.username,
        email: null,
        image: profile.images?.avatar?.full ?? null,
      };
    },
    style: brandMark(traktMark, "#ED2224", "#000"),
    options,
  };
}
