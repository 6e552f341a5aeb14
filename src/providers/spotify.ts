import { brandMark } from "../config/providers/logos.js";
import { spotifyMark } from "./brand-marks.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

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
    style: brandMark(spotifyMark, "#1DB954", "#000"),
    options,
  };
}
