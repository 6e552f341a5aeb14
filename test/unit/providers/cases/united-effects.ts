import UnitedEffects from "../../../../src/providers/united-effects.js";
import { defineCase } from "../case.js";

const issuer = "https://auth.unitedeffects.com/2f9b0c7e-1d2a-4b3c-8d4e-5f6a7b8c9d0e";

export default defineCase({
  provider: UnitedEffects,
  id: "united-effects",
  name: "United Effects",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    iss: issuer,
    aud: "e1d2c3b4-a5f6-4e7d-8c9b-0a1f2e3d4c5b",
    sub: "5a6b7c8d-9e0f-4a1b-2c3d-4e5f6a7b8c9d",
    email: "ue-user@example.com",
    email_verified: true,
    iat: 1700000000,
    exp: 1700003600,
  },
  user: { id: "5a6b7c8d-9e0f-4a1b-2c3d-4e5f6a7b8c9d", name: null, email: "ue-user@example.com", image: null },
});
