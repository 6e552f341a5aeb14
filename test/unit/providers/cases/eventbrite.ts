import Eventbrite from "../../../../src/providers/eventbrite.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Eventbrite,
  id: "eventbrite",
  name: "Eventbrite",
  type: "oauth",
  hosts: ["eventbrite.com", "eventbriteapi.com"],
  payload: {
    emails: [
      { email: "old@example.com", verified: true, primary: false },
      { email: "ellen@example.com", verified: true, primary: true },
    ],
    id: "100234567890",
    name: "Ellen Event",
    first_name: "Ellen",
    last_name: "Event",
    is_public: false,
    image_id: null,
  },
  user: { id: "100234567890", name: "Ellen Event", email: "ellen@example.com", image: null },
});
