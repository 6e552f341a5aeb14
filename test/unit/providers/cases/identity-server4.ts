import IdentityServer4 from "../../../../src/providers/identity-server4.js";
import { defineCase } from "../case.js";

const issuer = "https://identity.example.com";

export default defineCase({
  provider: IdentityServer4,
  id: "identity-server4",
  name: "IdentityServer4",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    iss: issuer,
    aud: "mvc",
    sub: "818727",
    idp: "local",
    amr: ["pwd"],
    name: "Alice Smith",
    preferred_username: "alice",
    email: "AliceSmith@email.com",
    email_verified: true,
    auth_time: 1700000000,
    iat: 1700000000,
    exp: 1700000300,
  },
  user: { id: "818727", name: "Alice Smith", email: "AliceSmith@email.com", image: null },
});
