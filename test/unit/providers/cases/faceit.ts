import Faceit from "../../../../src/providers/faceit.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Faceit,
  id: "faceit",
  name: "FACEIT",
  type: "oauth",
  hosts: ["faceit.com"],
  payload: {
    guid: "0b2a5a2c-2cd8-4b8e-9a6c-2f1c6f3e8d11",
    nickname: "s1mple",
    email: "s1mple@example.com",
    picture: "https://distribution.faceit-cdn.net/images/0b2a5a2c.jpeg",
    given_name: "Oleksandr",
    family_name: "Kostyliev",
    locale: "en",
    membership: "free",
  },
  user: {
    id: "0b2a5a2c-2cd8-4b8e-9a6c-2f1c6f3e8d11",
    name: "s1mple",
    email: "s1mple@example.com",
    image: "https://distribution.faceit-cdn.net/images/0b2a5a2c.jpeg",
  },
});
