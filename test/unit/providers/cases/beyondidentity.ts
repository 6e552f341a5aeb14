import BeyondIdentity from "../../../../src/providers/beyondidentity.js";
import { defineCase } from "../case.js";

const issuer =
  "https://auth-us.beyondidentity.com/v1/tenants/00012f1a5e4b8c3d/realms/a1b2c3d4e5f6a7b8/applications/9f8e7d6c-5b4a-3c2d-1e0f-a9b8c7d6e5f4";

export default defineCase({
  provider: BeyondIdentity,
  id: "beyondidentity",
  name: "Beyond Identity",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    iss: issuer,
    aud: "Yk3xW2vU1tS0rQ9p",
    sub: "c0ffee00-1234-5678-9abc-def012345678",
    name: "Pat Passkey",
    preferred_username: "pat",
    email: "pat@example.com",
    iat: 1700000000,
    exp: 1700003600,
  },
  user: { id: "c0ffee00-1234-5678-9abc-def012345678", name: "Pat Passkey", email: "pat@example.com", image: null },
});
