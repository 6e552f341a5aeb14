import Zitadel from "../../../../src/providers/zitadel.js";
import { defineCase } from "../case.js";

const issuer = "https://acme-x1y2z3.zitadel.cloud";

export default defineCase({
  provider: Zitadel,
  id: "zitadel",
  name: "ZITADEL",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    iss: issuer,
    sub: "252385424562479877",
    aud: ["252385617349018373@acme", "252385424562348805"],
    exp: 1700043600,
    iat: 1700000400,
    auth_time: 1700000390,
    amr: ["password", "pwd"],
    azp: "252385617349018373@acme",
    email: "ada@acme.example",
    email_verified: true,
    family_name: "Lovelace",
    given_name: "Ada",
    locale: "en",
    name: "Ada Lovelace",
    preferred_username: "ada@acme.example",
    updated_at: 1699000000,
  },
  user: { id: "252385424562479877", name: "Ada Lovelace", email: "ada@acme.example", image: null },
});
