import Reddit from "../../../../src/providers/reddit.js";
import { defineCase } from "../case.js";

const payload = {
  id: "1w72",
  name: "spez",
  icon_img: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png?width=256&amp;height=256&amp;crop=256:256,smart",
  snoovatar_img: "",
  verified: true,
  has_verified_email: true,
  created_utc: 1118030400,
  total_karma: 942110,
  over_18: false,
};

export default defineCase({
  provider: Reddit,
  id: "reddit",
  name: "Reddit",
  type: "oauth",
  hosts: ["reddit.com"],
  payload,
  user: {
    id: "1w72",
    name: "spez",
    email: null,
    image: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png?width=256&height=256&crop=256:256,smart",
  },
});
