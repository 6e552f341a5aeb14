import PingId from "../../../../src/providers/ping-id.js";
import { defineCase } from "../case.js";

const issuer = "https://auth.pingone.com/5e3f2a1b-9c8d-4e7f-a6b5-c4d3e2f1a0b9/as";

export default defineCase({
  provider: PingId,
  id: "ping-id",
  name: "Ping Identity",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    iss: issuer,
    aud: "1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b",
    sub: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
    sid: "7d6c5b4a-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
    env: "5e3f2a1b-9c8d-4e7f-a6b5-c4d3e2f1a0b9",
    org: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
    given_name: "Jordan",
    family_name: "Ping",
    preferred_username: "jordan",
    email: "jordan@example.com",
    auth_time: 1700000000,
    iat: 1700000000,
    exp: 1700003600,
  },
  user: { id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: "Jordan Ping", email: "jordan@example.com", image: null },
});
