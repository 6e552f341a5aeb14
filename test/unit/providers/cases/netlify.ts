import Netlify from "../../../../src/providers/netlify.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Netlify,
  id: "netlify",
  name: "Netlify",
  type: "oauth",
  hosts: ["netlify.com"],
  payload: {
    id: "5b0f2c8e9c1a2b0011223344",
    uid: "5b0f2c8e9c1a2b0011223344",
    full_name: "Nat Lify",
    avatar_url: "https://avatars.githubusercontent.com/u/7892489?v=4",
    email: "nat@example.com",
    affiliate_id: "",
    site_count: 12,
    created_at: "2018-05-30T12:00:00.000Z",
    last_login: "2024-03-01T08:00:00.000Z",
    login_providers: ["github", "email"],
  },
  user: {
    id: "5b0f2c8e9c1a2b0011223344",
    name: "Nat Lify",
    email: "nat@example.com",
    image: "https://avatars.githubusercontent.com/u/7892489?v=4",
  },
});
