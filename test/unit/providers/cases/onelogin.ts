import OneLogin from "../../../../src/providers/onelogin.js";
import { defineCase } from "../case.js";

const issuer = "https://acme.onelogin.com/oidc/2";

export default defineCase({
  provider: OneLogin,
  id: "onelogin",
  name: "OneLogin",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    iss: issuer,
    aud: "5a2d8e40-4b1f-0137-6a7c-0a1b2c3d4e5f123456",
    sub: "68241234",
    name: "Rosa Diaz",
    preferred_username: "rosa.diaz",
    given_name: "Rosa",
    family_name: "Diaz",
    email: "rosa.diaz@acme.example",
    sid: "a9b8c7d6-e5f4-4a3b-2c1d-0e9f8a7b6c5d",
    iat: 1700000000,
    exp: 1700000600,
  },
  user: { id: "68241234", name: "Rosa Diaz", email: "rosa.diaz@acme.example", image: null },
});
