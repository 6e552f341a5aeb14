import { brandMark } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** Spotify's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M12 0C5.4 0 0 5.4 0 12s5.4 12 12 12 12-5.4 12-12S18.66 0 12 0zm5.521 17.34c-.24.359-.66.48-1.021.24-2.82-1.74-6.36-2.101-10.561-1.141-.418.122-.779-.179-.899-.539-.12-.421.18-.78.54-.9 4.56-1.021 8.52-.6 11.64 1.32.42.18.479.659.301 1.02zm1.44-3.3c-.301.42-.841.6-1.262.3-3.239-1.98-8.159-2.58-11.939-1.38-.479.12-1.02-.12-1.14-.6-.12-.48.12-1.021.6-1.141C9.6 9.9 15 10.561 18.72 12.84c.361.181.54.78.241 1.2zm.12-3.36C15.24 8.4 8.82 8.16 5.16 9.301c-.6.179-1.2-.181-1.38-.721-.18-.601.18-1.2.72-1.381 4.26-1.26 11.28-1.02 15.721 1.621.539.3.719 1.02.419 1.56-.299.421-1.02.599-1.559.3z";

/** Spotify's current user (`GET /v1/me`). */
export interface SpotifyProfile extends Profile {
  id: string;
  display_name: string | null;
  email: string;
  country?: string;
  product?: string;
  uri: string;
  href: string;
  external_urls: { spotify: string };
  followers: { href: string | null; total: number };
  images: { url: string; height: number | null; width: number | null }[];
}

/** One of the profile's images (the reference's name). */
export type SpotifyImage = SpotifyProfile["images"][number];

export default function Spotify(options: Partial<OAuthProviderConfig<SpotifyProfile>> = {}): OAuthProviderConfig<SpotifyProfile> {
  return {
    id: "spotify",
    name: "Spotify",
    type: "oauth",
    authorization: { url: "https://accounts.spotify.com/authorize", params: { scope: "user-read-email" } },
    token: "https://accounts.spotify.com/api/token",
    userinfo: "https://api.spotify.com/v1/me",
    profile(profile) {
      return {
        id: profile.id,
        name: profile.display_name ?? profile.id,
        email: profile.email ?? null,
        image: profile.images?.[0]?.url ?? null,
      };
    },
    style: brandMark(mark, "#1DB954", "#000"),
    options,
  };
}
