import Kinde from "../../../../src/providers/kinde.js";
import { defineCase } from "../case.js";

const issuer = "https://acme.kinde.com";

export default defineCase({
  provider: Kinde,
  id: "kinde",
  name: "Kinde",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    at_hash: "5rZ8b3o0QqK0FbGX",
    aud: ["https://acme.kinde.com", "e5b3c1a9d7f24e6b8a0c2d4f6b8a0c2d"],
    auth_time: 1700000000,
    azp: "e5b3c1a9d7f24e6b8a0c2d4f6b8a0c2d",
    email: "kai@example.com",
    exp: 1700003600,
    family_name: "Nakamura",
    given_name: "Kai",
    iat: 1700000000,
    iss: issuer,
    jti: "8d1f0b4e-3c2a-4b5d-9e6f-7a8b9c0d1e2f",
    name: "Kai Nakamura",
    org_codes: ["org_7b3c9a1d"],
    picture: "https://lh3.googleusercontent.com/a/kai=s96-c",
    sub: "kp_0123456789abcdef0123456789abcdef",
    updated_at: 1699990000,
  },
  user: {
    id: "kp_0123456789abcdef0123456789abcdef",
    name: "Kai Nakamura",
    email: "kai@example.com",
    image: "https://lh3.googleusercontent.com/a/kai=s96-c",
  },
});
