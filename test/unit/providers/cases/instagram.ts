import Instagram from "../../../../src/providers/instagram.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Instagram,
  id: "instagram",
  name: "Instagram",
  type: "oauth",
  hosts: ["instagram.com"],
  payload: {
    id: "7120593471286384",
    user_id: "17841405822304914",
    username: "bluebottle",
    name: "Blue Bottle Coffee",
    account_type: "BUSINESS",
    profile_picture_url: "https://scontent.cdninstagram.com/v/t51.2885-19/bluebottle.jpg",
  },
  user: {
    id: "7120593471286384",
    name: "Blue Bottle Coffee",
    email: null,
    image: "https://scontent.cdninstagram.com/v/t51.2885-19/bluebottle.jpg",
  },
});
