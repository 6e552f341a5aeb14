import Medium from "../../../../src/providers/medium.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Medium,
  id: "medium",
  name: "Medium",
  type: "oauth",
  hosts: ["medium.com"],
  payload: {
    data: {
      id: "5303d74c64f66366f00cb9b2a94f3251bf5",
      username: "majelbstoat",
      name: "Jamie Talbot",
      url: "https://medium.com/@majelbstoat",
      imageUrl: "https://images.medium.com/0*fkfQiTzT7TlUGGyI.png",
    },
  },
  user: {
    id: "5303d74c64f66366f00cb9b2a94f3251bf5",
    name: "Jamie Talbot",
    email: null,
    image: "https://images.medium.com/0*fkfQiTzT7TlUGGyI.png",
  },
});
