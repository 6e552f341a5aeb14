import Asgardeo from "../../../../src/providers/asgardeo.js";
import { defineCase } from "../case.js";

const issuer = "https://api.asgardeo.io/t/acme/oauth2/token";

export default defineCase({
  provider: Asgardeo,
  id: "asgardeo",
  name: "Asgardeo",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    iss: issuer,
    aud: "Xq8kR1yL0pFz2nW9",
    sub: "6b1e5b67-0e3a-4a7d-8f10-2b5e0f6a9c3d",
    org_id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
    org_name: "acme",
    username: "kim@acme.example",
    given_name: "Kim",
    family_name: "Perera",
    email: "kim@acme.example",
    iat: 1700000000,
    exp: 1700003600,
  },
  user: { id: "6b1e5b67-0e3a-4a7d-8f10-2b5e0f6a9c3d", name: "Kim Perera", email: "kim@acme.example", image: null },
});
