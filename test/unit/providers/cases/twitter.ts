import Twitter from "../../../../src/providers/twitter.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Twitter,
  id: "twitter",
  name: "Twitter",
  type: "oauth",
  hosts: ["x.com"],
  payload: {
    data: {
      id: "2244994945",
      name: "Developers",
      username: "XDevelopers",
      profile_image_url: "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg",
    },
  },
  user: {
    id: "2244994945",
    name: "Developers",
    email: null,
    image: "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg",
  },
});
