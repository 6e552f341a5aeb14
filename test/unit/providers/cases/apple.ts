import Apple from "../../../../src/providers/apple.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Apple,
  id: "apple",
  name: "Apple",
  type: "oidc",
  issuer: "https://appleid.apple.com",
  payload: {
    iss: "https://appleid.apple.com",
    aud: "com.example.web",
    exp: 1700086400,
    iat: 1700000000,
    sub: "001234.5f8e3c1b2a4d4e6f9a0b1c2d3e4f5a6b.1234",
    nonce: "nG7yqzXbQ",
    c_hash: "w5fKyJ8hR2Q",
    email: "x7dk2pq9zz@privaterelay.appleid.com",
    email_verified: true,
    is_private_email: true,
    auth_time: 1700000000,
    nonce_supported: true,
    real_user_status: 2,
    user: { name: { firstName: "Tim", lastName: "Apple" }, email: "x7dk2pq9zz@privaterelay.appleid.com" },
  },
  user: {
    id: "001234.5f8e3c1b2a4d4e6f9a0b1c2d3e4f5a6b.1234",
    name: "Tim Apple",
    email: "x7dk2pq9zz@privaterelay.appleid.com",
    image: null,
  },
});
