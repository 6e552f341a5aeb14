import FusionAuth from "../../../../src/providers/fusionauth.js";
import { defineCase } from "../case.js";

const issuer = "https://auth.example.com";

export default defineCase({
  provider: FusionAuth,
  id: "fusionauth",
  name: "FusionAuth",
  type: "oidc",
  options: { issuer, tenantId: "d7d09513-a3f5-401c-9685-34ab6c552453" },
  issuer,
  payload: {
    aud: "e9fdb985-9173-4e01-9d73-ac2d60d1dc8e",
    exp: 1700003600,
    iat: 1700000000,
    iss: issuer,
    sub: "00000000-0000-0000-0000-000000000001",
    jti: "a3b4c5d6-e7f8-4a9b-8c7d-6e5f4a3b2c1d",
    authenticationType: "PASSWORD",
    email: "richard@example.com",
    email_verified: true,
    preferred_username: "richard",
    given_name: "Richard",
    middle_name: "A.",
    family_name: "Hendricks",
    applicationId: "e9fdb985-9173-4e01-9d73-ac2d60d1dc8e",
    roles: ["user"],
    sid: "3f8b0a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b",
    auth_time: 1700000000,
    tid: "d7d09513-a3f5-401c-9685-34ab6c552453",
  },
  user: { id: "00000000-0000-0000-0000-000000000001", name: "richard", email: "richard@example.com", image: null },
});
