import Todoist from "../../../../src/providers/todoist.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Todoist,
  id: "todoist",
  name: "Todoist",
  type: "oauth",
  hosts: ["todoist.com"],
  payload: {
    id: "2671355",
    email: "me@example.com",
    full_name: "Example User",
    avatar_big: "https://dcff1xvirvpfp.cloudfront.net/c5a3b8_big.jpg",
    avatar_medium: "https://dcff1xvirvpfp.cloudfront.net/c5a3b8_medium.jpg",
    avatar_small: "https://dcff1xvirvpfp.cloudfront.net/c5a3b8_small.jpg",
    avatar_s640: "https://dcff1xvirvpfp.cloudfront.net/c5a3b8_s640.jpg",
    inbox_project_id: "6Jf8VQXxpwv56VQ7",
    lang: "en",
    premium_status: "current_personal_plan",
    tz_info: { timezone: "Europe/Lisbon", gmt_string: "+00:00" },
  },
  user: {
    id: "2671355",
    name: "Example User",
    email: "me@example.com",
    image: "https://dcff1xvirvpfp.cloudfront.net/c5a3b8_big.jpg",
  },
});
