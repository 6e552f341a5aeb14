import Descope from "../../../../src/providers/descope.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Descope,
  id: "descope",
  name: "Descope",
  type: "oidc",
  options: { clientId: "P2abcDEFghiJKLmnoPQRstuVWXyz" },
  issuer: "https://api.descope.com/P2abcDEFghiJKLmnoPQRstuVWXyz",
  payload: {
    iss: "https://api.descope.com/P2abcDEFghiJKLmnoPQRstuVWXyz",
    aud: "P2abcDEFghiJKLmnoPQRstuVWXyz",
    sub: "U2abc123def456",
    name: "Dee Scope",
    email: "dee@example.com",
    email_verified: true,
    picture: "https://lh3.googleusercontent.com/a/dee=s96-c",
    iat: 1700000000,
    exp: 1700003600,
  },
  user: { id: "U2abc123def456", name: "Dee Scope", email: "dee@example.com", image: "https://lh3.googleusercontent.com/a/dee=s96-c" },
});
