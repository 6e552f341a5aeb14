import WordPress from "../../../../src/providers/wordpress.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: WordPress,
  id: "wordpress",
  name: "WordPress.com",
  type: "oauth",
  hosts: ["wordpress.com"],
  payload: {
    ID: 12345678,
    display_name: "Wendy Press",
    username: "wendypress",
    email: "wendy@example.com",
    primary_blog: 98765432,
    language: "en",
    token_site_id: false,
    avatar_URL: "https://0.gravatar.com/avatar/5c1d2f3e4a5b6c7d8e9f0a1b2c3d4e5f?s=96&d=identicon",
    profile_URL: "https://gravatar.com/wendypress",
    verified: true,
    email_verified: true,
    date: "2012-04-02T19:18:45+00:00",
    site_count: 3,
  },
  user: {
    id: "12345678",
    name: "Wendy Press",
    email: "wendy@example.com",
    image: "https://0.gravatar.com/avatar/5c1d2f3e4a5b6c7d8e9f0a1b2c3d4e5f?s=96&d=identicon",
  },
});
