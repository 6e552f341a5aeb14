import LinkedIn from "../../../../src/providers/linkedin.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: LinkedIn,
  id: "linkedin",
  name: "LinkedIn",
  type: "oidc",
  issuer: "https://www.linkedin.com/oauth",
  payload: {
    iss: "https://www.linkedin.com/oauth",
    aud: "86i3xg5ffcb3cq",
    iat: 1700000000,
    exp: 1700003600,
    sub: "782bbtaQ",
    name: "John Doe",
    given_name: "John",
    family_name: "Doe",
    picture: "https://media.licdn.com/dms/image/C5F03AQHqK8v7tB8WoQ/profile-displayphoto-shrink_100_100/0/1516166908130",
    locale: "en-US",
    email: "doe@email.com",
    email_verified: true,
  },
  user: {
    id: "782bbtaQ",
    name: "John Doe",
    email: "doe@email.com",
    image: "https://media.licdn.com/dms/image/C5F03AQHqK8v7tB8WoQ/profile-displayphoto-shrink_100_100/0/1516166908130",
  },
});
