import Patreon from "../../../../src/providers/patreon.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Patreon,
  id: "patreon",
  name: "Patreon",
  type: "oauth",
  hosts: ["patreon.com"],
  payload: {
    data: {
      attributes: {
        email: "corgi@example.com",
        full_name: "Corgi The Dev",
        image_url: "https://c8.patreon.com/2/200/12345",
        is_email_verified: true,
      },
      id: "12345",
      type: "user",
    },
    links: { self: "https://www.patreon.com/api/oauth2/v2/user/12345" },
  },
  user: { id: "12345", name: "Corgi The Dev", email: "corgi@example.com", image: "https://c8.patreon.com/2/200/12345" },
});
