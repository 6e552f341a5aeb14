import Okta from "../../../../src/providers/okta.js";
import { defineCase } from "../case.js";

const issuer = "https://dev-4821937.okta.com/oauth2/default";

export default defineCase({
  provider: Okta,
  id: "okta",
  name: "Okta",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    sub: "00uid4BxXw6I6TV4m0g3",
    name: "John Doe",
    email: "john.doe@example.com",
    ver: 1,
    iss: issuer,
    aud: "0oa1bcd2efGHIjkl3m4n",
    iat: 1700000000,
    exp: 1700003600,
    jti: "ID.4eAWJOCMB3SX8XewDfVR",
    amr: ["pwd"],
    idp: "00o1abcd2EFGHijk3l4m",
    preferred_username: "john.doe@example.com",
    auth_time: 1699999990,
    email_verified: true,
  },
  user: { id: "00uid4BxXw6I6TV4m0g3", name: "John Doe", email: "john.doe@example.com", image: null },
});
