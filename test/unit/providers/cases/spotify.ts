import Spotify from "../../../../src/providers/spotify.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Spotify,
  id: "spotify",
  name: "Spotify",
  type: "oauth",
  hosts: ["spotify.com"],
  payload: {
    country: "SE",
    display_name: "Lisa Lindqvist",
    email: "lisa@example.se",
    external_urls: { spotify: "https://open.spotify.com/user/wizzler" },
    followers: { href: null, total: 3829 },
    href: "https://api.spotify.com/v1/users/wizzler",
    id: "wizzler",
    images: [{ url: "https://i.scdn.co/image/ab6775700000ee85", height: 300, width: 300 }],
    product: "premium",
    type: "user",
    uri: "spotify:user:wizzler",
  },
  user: { id: "wizzler", name: "Lisa Lindqvist", email: "lisa@example.se", image: "https://i.scdn.co/image/ab6775700000ee85" },
});
