import Concept2 from "../../../../src/providers/concept2.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Concept2,
  id: "concept2",
  name: "Concept2",
  type: "oauth",
  hosts: ["concept2.com"],
  payload: {
    data: {
      id: 1,
      username: "david",
      first_name: "David",
      last_name: "Hart",
      gender: "M",
      dob: "1969-09-17",
      email: "david@example.com",
      country: "USA",
      profile_image: "https://log.concept2.com/profile/1/image.jpg",
      age_restricted: false,
      email_permission: true,
      max_heart_rate: 185,
      weight: 8300,
      logbook_privacy: "partners",
    },
  },
  user: { id: "1", name: "David Hart", email: "david@example.com", image: "https://log.concept2.com/profile/1/image.jpg" },
});
