import Passage from "../../../../src/providers/passage.js";
import { defineCase } from "../case.js";

const issuer = "https://auth.passage.id/v1/apps/Xr6qvLQfEWKKbJ0kmYoRJ2y4";

export default defineCase({
  provider: Passage,
  id: "passage",
  name: "Passage",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    iss: issuer,
    aud: "Xr6qvLQfEWKKbJ0kmYoRJ2y4",
    sub: "Zq8aCxN3mJ4vW1kB0sT7yR2e",
    email: "lee@example.com",
    email_verified: true,
    phone_number: "",
    phone_number_verified: false,
    iat: 1700000000,
    exp: 1700086400,
  },
  user: { id: "Zq8aCxN3mJ4vW1kB0sT7yR2e", name: null, email: "lee@example.com", image: null },
});
