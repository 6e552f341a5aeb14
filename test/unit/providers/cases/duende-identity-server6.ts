import DuendeIdentityServer6 from "../../../../src/providers/duende-identity-server6.js";
import { defineCase } from "../case.js";

const issuer = "https://demo.duendesoftware.com";

export default defineCase({
  provider: DuendeIdentityServer6,
  id: "duende-identity-server6",
  name: "DuendeIdentityServer6",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    iss: issuer,
    nbf: 1700000000,
    iat: 1700000000,
    exp: 1700000300,
    aud: "interactive.confidential",
    amr: ["pwd"],
    at_hash: "m3XbB2b1pYtYqz8Q",
    sid: "2B6C2A0E7A6F4C2B",
    sub: "2",
    auth_time: 1699999990,
    idp: "local",
    name: "Bob Smith",
    given_name: "Bob",
    family_name: "Smith",
    email: "BobSmith@email.com",
    email_verified: true,
    website: "http://bob.com",
  },
  user: { id: "2", name: "Bob Smith", email: "BobSmith@email.com", image: null },
});
