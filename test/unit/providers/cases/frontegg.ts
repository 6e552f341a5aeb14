import Frontegg from "../../../../src/providers/frontegg.js";
import { defineCase } from "../case.js";

const issuer = "https://app-ab12cd34.frontegg.com";

export default defineCase({
  provider: Frontegg,
  id: "frontegg",
  name: "Frontegg",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    iss: issuer,
    aud: "b4f1e7a2-9c3d-4e5f-8a6b-7c8d9e0f1a2b",
    sub: "1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    name: "Noa Levi",
    email: "noa@example.com",
    email_verified: true,
    profilePictureUrl: "https://www.gravatar.com/avatar/1b2c3d?d=https://ui-avatars.com/api/NL",
    tenantId: "8f7e6d5c-4b3a-2c1d-0e9f-8a7b6c5d4e3f",
    tenantIds: ["8f7e6d5c-4b3a-2c1d-0e9f-8a7b6c5d4e3f"],
    roles: ["Admin"],
    iat: 1700000000,
    exp: 1700086400,
  },
  user: {
    id: "1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    name: "Noa Levi",
    email: "noa@example.com",
    image: "https://www.gravatar.com/avatar/1b2c3d?d=https://ui-avatars.com/api/NL",
  },
});
