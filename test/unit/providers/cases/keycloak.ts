import Keycloak from "../../../../src/providers/keycloak.js";
import { defineCase } from "../case.js";

const issuer = "https://sso.example.com/realms/acme";

export default defineCase({
  provider: Keycloak,
  id: "keycloak",
  name: "Keycloak",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    exp: 1700003600,
    iat: 1700003300,
    auth_time: 1700003290,
    jti: "0b7b6e6c-2c4b-4a47-9f0d-3c3f3c2b1a00",
    iss: issuer,
    aud: "web-app",
    sub: "f:3d7a1a52-9c2e-4f61-8f64-0a3e8a5a1c11:jsmith",
    typ: "ID",
    azp: "web-app",
    sid: "b1d0e6ab-0f0d-4d5e-9d9a-6f3d2b1c0e99",
    email_verified: true,
    preferred_username: "jsmith",
    given_name: "",
    family_name: "",
    email: "jsmith@example.com",
  },
  user: { id: "f:3d7a1a52-9c2e-4f61-8f64-0a3e8a5a1c11:jsmith", name: "jsmith", email: "jsmith@example.com", image: null },
});
