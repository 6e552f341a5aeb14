import Pinterest from "../../../../src/providers/pinterest.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Pinterest,
  id: "pinterest",
  name: "Pinterest",
  type: "oauth",
  hosts: ["pinterest.com"],
  payload: {
    account_type: "PINNER",
    id: "549755885175",
    profile_image: "https://i.pinimg.com/280x280_RS/42/03/a5/4203a5b4.jpg",
    website_url: "https://example.com",
    username: "gardenlover",
    about: "Plants and more plants",
    business_name: null,
    board_count: 12,
    pin_count: 340,
    follower_count: 58,
    following_count: 77,
    monthly_views: 1204,
  },
  user: {
    id: "gardenlover",
    name: "gardenlover",
    email: null,
    image: "https://i.pinimg.com/280x280_RS/42/03/a5/4203a5b4.jpg",
  },
});
