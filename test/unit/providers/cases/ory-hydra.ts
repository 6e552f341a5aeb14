import OryHydra from "../../../../src/providers/ory-hydra.js";
import { defineCase } from "../case.js";

const issuer = "https://auth.example.com";

export default defineCase({
  provider: OryHydra,
  id: "hydra",
  name: "Hydra",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    iss: `${issuer}/`,
    aud: ["3c2b1a0f-9e8d-4c7b-a6f5-e4d3c2b1a0f9"],
    sub: "foo@bar.com",
    sid: "2a1b0c9d-8e7f-4a6b-5c4d-3e2f1a0b9c8d",
    email: "foo@bar.com",
    email_verified: true,
    auth_time: 1700000000,
    iat: 1700000000,
    exp: 1700003600,
  },
  user: { id: "foo@bar.com", name: null, email: "foo@bar.com", image: null },
});
