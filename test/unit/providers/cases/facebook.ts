import Facebook from "../../../../src/providers/facebook.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Facebook,
  id: "facebook",
  name: "Facebook",
  type: "oauth",
  hosts: ["facebook.com"],
  payload: {
    id: "10224242883919185",
    name: "Maria Garcia",
    email: "maria.garcia@example.com",
    picture: {
      data: {
        height: 50,
        is_silhouette: false,
        url: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10224242883919185&height=50&width=50",
        width: 50,
      },
    },
  },
  user: {
    id: "10224242883919185",
    name: "Maria Garcia",
    email: "maria.garcia@example.com",
    image: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10224242883919185&height=50&width=50",
  },
});
