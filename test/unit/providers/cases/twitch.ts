import Twitch from "../../../../src/providers/twitch.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Twitch,
  id: "twitch",
  name: "Twitch",
  type: "oidc",
  issuer: "https://id.twitch.tv/oauth2",
  payload: {
    aud: "hof5gwx0su6owfnys0yan9c87zr6t",
    exp: 1645109867,
    iat: 1645109567,
    iss: "https://id.twitch.tv/oauth2",
    sub: "713936733",
    azp: "hof5gwx0su6owfnys0yan9c87zr6t",
    preferred_username: "twitchdev",
    email: "dev@twitch.tv",
    email_verified: true,
    picture: "https://static-cdn.jtvnw.net/jtv_user_pictures/8a6381c7-d0c0-4576-b179-38bd5ce1d6af-profile_image-300x300.png",
  },
  user: {
    id: "713936733",
    name: "twitchdev",
    email: "dev@twitch.tv",
    image: "https://static-cdn.jtvnw.net/jtv_user_pictures/8a6381c7-d0c0-4576-b179-38bd5ce1d6af-profile_image-300x300.png",
  },
});
