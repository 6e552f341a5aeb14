import Cognito from "../../../../src/providers/cognito.js";
import { defineCase } from "../case.js";

const issuer = "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123xYz";

export default defineCase({
  provider: Cognito,
  id: "cognito",
  name: "Cognito",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    sub: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
    "cognito:groups": ["admins"],
    email_verified: true,
    iss: issuer,
    "cognito:username": "mjackson",
    origin_jti: "1a2b3c4d-5e6f-7a8b-9c0d-e1f2a3b4c5d6",
    aud: "4qf4h9p9s0k9m4p3l2o1n8b7v6",
    event_id: "a1b2c3d4-e5f6-7a8b-9c0d-1e2f3a4b5c6d",
    token_use: "id",
    auth_time: 1700000000,
    exp: 1700003600,
    iat: 1700000000,
    jti: "9f8e7d6c-5b4a-3c2d-1e0f-a9b8c7d6e5f4",
    email: "mary.jackson@example.com",
  },
  user: { id: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee", name: "mjackson", email: "mary.jackson@example.com", image: null },
});
