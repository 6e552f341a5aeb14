import Auth0 from "../../../../src/providers/auth0.js";
import { defineCase } from "../case.js";

const issuer = "https://acme-prod.eu.auth0.com/";

export default defineCase({
  provider: Auth0,
  id: "auth0",
  name: "Auth0",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    iss: issuer,
    aud: "dKeZbS9xEu2b5zDHK3Cx7q0qY8o7yKk0",
    sub: "auth0|64f1c2d3e4b5a6978812ab34",
    nickname: "jdoe",
    name: "jdoe@example.com",
    picture: "https://s.gravatar.com/avatar/8eb1b522f60d11fa897de1dc6351b7e8?s=480&r=pg&d=https%3A%2F%2Fcdn.auth0.com%2Favatars%2Fjd.png",
    updated_at: "2024-02-14T09:21:33.802Z",
    email: "jdoe@example.com",
    email_verified: true,
    sid: "QhXr2n3r7fM0Yx9c",
    iat: 1707902493,
    exp: 1707938493,
  },
  user: {
    id: "auth0|64f1c2d3e4b5a6978812ab34",
    name: "jdoe@example.com",
    email: "jdoe@example.com",
    image: "https://s.gravatar.com/avatar/8eb1b522f60d11fa897de1dc6351b7e8?s=480&r=pg&d=https%3A%2F%2Fcdn.auth0.com%2Favatars%2Fjd.png",
  },
});
