import GitLab from "../../../../src/providers/gitlab.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: GitLab,
  id: "gitlab",
  name: "GitLab",
  type: "oauth",
  hosts: ["gitlab.com"],
  baseOption: "baseUrl",
  payload: {
    id: 1,
    username: "john_smith",
    name: "John Smith",
    state: "active",
    locked: false,
    avatar_url: "https://gitlab.com/uploads/-/system/user/avatar/1/cd8.jpeg",
    web_url: "https://gitlab.com/john_smith",
    created_at: "2012-05-23T08:00:58Z",
    bio: "",
    location: null,
    public_email: "john@example.com",
    email: "john@example.com",
    commit_email: "john@example.com",
    two_factor_enabled: true,
    confirmed_at: "2012-05-23T09:05:22Z",
    last_sign_in_at: "2024-03-01T10:00:00Z",
  },
  user: {
    id: "1",
    name: "John Smith",
    email: "john@example.com",
    image: "https://gitlab.com/uploads/-/system/user/avatar/1/cd8.jpeg",
  },
});
