import Roblox from "../../../../src/providers/roblox.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Roblox,
  id: "roblox",
  name: "Roblox",
  type: "oidc",
  issuer: "https://apis.roblox.com/oauth/",
  payload: {
    sub: "1516563360",
    name: "exampleuser",
    nickname: "exampleuser",
    preferred_username: "exampleuser",
    created_at: 1584682495,
    profile: "https://www.roblox.com/users/1516563360/profile",
    picture: "https://tr.rbxcdn.com/03dc2a2e2f8a1e9b/150/150/AvatarHeadshot/Png",
    jti: "ID.yD8zbGZqT5f3V2q",
    nonce: "12345",
    iat: 1676592412,
    exp: 1676596012,
    iss: "https://apis.roblox.com/oauth/",
    aud: "4393436285483574521",
  },
  user: {
    id: "1516563360",
    name: "exampleuser",
    email: null,
    image: "https://tr.rbxcdn.com/03dc2a2e2f8a1e9b/150/150/AvatarHeadshot/Png",
  },
});
