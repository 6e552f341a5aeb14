import Authentik from "../../../../src/providers/authentik.js";
import { defineCase } from "../case.js";

const issuer = "https://auth.example.com/application/o/wiki/";

export default defineCase({
  provider: Authentik,
  id: "authentik",
  name: "Authentik",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    iss: issuer,
    sub: "5c7b6a0e8d3f6c2b1a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a",
    aud: "k3hJ9w2Qe7vN",
    exp: 1700003600,
    iat: 1700000000,
    auth_time: 1699999990,
    acr: "goauthentik.io/providers/oauth2/default",
    amr: ["pwd"],
    email: "akadmin@example.com",
    email_verified: true,
    name: "authentik Default Admin",
    given_name: "authentik Default Admin",
    preferred_username: "akadmin",
    nickname: "akadmin",
    groups: ["authentik Admins"],
  },
  user: {
    id: "5c7b6a0e8d3f6c2b1a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a",
    name: "authentik Default Admin",
    email: "akadmin@example.com",
    image: null,
  },
});
