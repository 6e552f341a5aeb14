import SimpleLogin from "../../../../src/providers/simplelogin.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: SimpleLogin,
  id: "simplelogin",
  name: "SimpleLogin",
  type: "oidc",
  issuer: "https://app.simplelogin.io",
  payload: {
    avatar_url: null,
    client: "Sekisho demo",
    email: "sx2k8@simplelogin.co",
    email_verified: true,
    id: 2,
    name: "Son NK",
    sub: "2",
  },
  user: { id: "2", name: "Son NK", email: "sx2k8@simplelogin.co", image: null },
});
