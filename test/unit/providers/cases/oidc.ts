import OIDC from "../../../../src/providers/oidc.js";
import { defineCase } from "../case.js";

const issuer = "https://login.example.org";

export default defineCase({
  provider: OIDC,
  id: "oidc",
  name: "OpenID Connect",
  type: "oidc",
  options: { issuer, clientId: "web", clientSecret: "s3cr3t" },
  issuer,
  payload: {
    iss: issuer,
    sub: "248289761001",
    aud: "web",
    exp: 1311281970,
    iat: 1311280970,
    preferred_username: "j.doe",
    email: "janedoe@example.com",
    picture: "https://login.example.org/janedoe/me.jpg",
  },
  user: { id: "248289761001", name: "j.doe", email: "janedoe@example.com", image: "https://login.example.org/janedoe/me.jpg" },
});
