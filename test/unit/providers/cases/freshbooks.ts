import Freshbooks from "../../../../src/providers/freshbooks.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Freshbooks,
  id: "freshbooks",
  name: "Freshbooks",
  type: "oauth",
  hosts: ["freshbooks.com"],
  payload: {
    response: {
      id: 2192788,
      identity_id: 2192788,
      first_name: "Bruce",
      last_name: "Wayne",
      email: "bruce@wayne.example",
      confirmed_at: "2017-05-23T17:24:28Z",
      created_at: "2017-05-23T17:23:19Z",
      language: "en",
      business_memberships: [{ id: 160, role: "owner", business: { id: 77, name: "Wayne Enterprises", account_id: "zDmNq" } }],
    },
  },
  user: { id: "2192788", name: "Bruce Wayne", email: "bruce@wayne.example", image: null },
});
