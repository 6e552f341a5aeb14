import { bearer, fetchJson, userinfoUrl } from "../oauth-client/provider-fetch.js";
import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Trakt's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "m15.082 15.107-.73-.73 9.578-9.583a4.499 4.499 0 0 0-.115-.575L13.662 14.382l1.08 1.08-.73.73-1.81-1.81L23.422 3.144c-.075-.15-.155-.3-.25-.44L11.508 14.377l2.154 2.155-.73.73-7.193-7.199.73-.73 4.309 4.31L22.546 1.86A5.618 5.618 0 0 0 18.362 0H5.635A5.637 5.637 0 0 0 0 5.634V18.37A5.632 5.632 0 0 0 5.635 24h12.732C21.477 24 24 21.48 24 18.37V6.19l-8.913 8.918zm-4.314-2.155L6.814 8.988l.73-.73 3.954 3.96zm1.075-1.084-3.954-3.96.73-.73 3.959 3.96zm9.853 5.688a4.141 4.141 0 0 1-4.14 4.14H6.438a4.144 4.144 0 0 1-4.139-4.14V6.438A4.141 4.141 0 0 1 6.44 2.3h10.387v1.04H6.438c-1.71 0-3.099 1.39-3.099 3.1V17.55c0 1.71 1.39 3.105 3.1 3.105h11.117c1.71 0 3.1-1.395 3.1-3.105v-1.754h1.04v1.754z";

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
    style: brandMark(mark, "#ED2224", "#000"),
    options,
  };
}
