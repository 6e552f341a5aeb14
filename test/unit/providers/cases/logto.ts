import Logto from "../../../../src/providers/logto.js";
import { defineCase } from "../case.js";

const issuer = "https://q3x9zk.logto.app/oidc";

export default defineCase({
  provider: Logto,
  id: "logto",
  name: "Logto",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    sub: "7h2k9m4p1q8s",
    name: null,
    username: "silverhand",
    picture: "https://avatars.githubusercontent.com/u/9052398",
    email: "silverhand@example.com",
    email_verified: true,
    at_hash: "qnLhS8lR3w0Pvr1",
    aud: "k3v8d2e6s1a9z5",
    exp: 1700003600,
    iat: 1700000000,
    iss: issuer,
  },
  user: {
    id: "7h2k9m4p1q8s",
    name: "silverhand",
    email: "silverhand@example.com",
    image: "https://avatars.githubusercontent.com/u/9052398",
  },
});
