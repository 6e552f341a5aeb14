import ClickUp from "../../../../src/providers/click-up.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: ClickUp,
  id: "click-up",
  name: "ClickUp",
  type: "oauth",
  hosts: ["clickup.com"],
  payload: {
    user: {
      id: 123,
      username: "John Doe",
      email: "johndoe@gmail.com",
      color: "#000000",
      profilePicture: "https://attachments.clickup.com/profilePictures/123_abc.jpg",
      initials: "JD",
      week_start_day: 0,
      global_font_support: false,
      timezone: "America/New_York",
    },
  },
  user: {
    id: "123",
    name: "John Doe",
    email: "johndoe@gmail.com",
    image: "https://attachments.clickup.com/profilePictures/123_abc.jpg",
  },
});
