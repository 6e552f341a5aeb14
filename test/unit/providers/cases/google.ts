import Google from "../../../../src/providers/google.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Google,
  id: "google",
  name: "Google",
  type: "oidc",
  issuer: "https://accounts.google.com",
  payload: {
    iss: "https://accounts.google.com",
    azp: "1234987819200.apps.googleusercontent.com",
    aud: "1234987819200.apps.googleusercontent.com",
    sub: "10769150350006150715113082367",
    email: "jsmith@example.com",
    email_verified: true,
    at_hash: "HK6E_P6Dh8Y93mRNtsDB1Q",
    name: "Jane Smith",
    given_name: "Jane",
    family_name: "Smith",
    picture: "https://lh3.googleusercontent.com/a/ACg8ocJ1xyz=s96-c",
    hd: "example.com",
    iat: 1353601026,
    exp: 1353604926,
  },
  user: {
    id: "10769150350006150715113082367",
    name: "Jane Smith",
    email: "jsmith@example.com",
    image: "https://lh3.googleusercontent.com/a/ACg8ocJ1xyz=s96-c",
  },
});
