import { expect } from "vitest";
import GitHub from "../../../../src/providers/github.js";
import { defineCase } from "../case.js";

const payload = {
  login: "octocat",
  id: 583231,
  node_id: "MDQ6VXNlcjU4MzIzMQ==",
  avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
  html_url: "https://github.com/octocat",
  type: "User",
  site_admin: false,
  name: "The Octocat",
  company: "@github",
  blog: "https://github.blog",
  location: "San Francisco",
  email: "octocat@github.com",
  bio: null,
  twitter_username: null,
  public_repos: 8,
  followers: 9000,
  following: 9,
  created_at: "2011-01-25T18:44:36Z",
  updated_at: "2024-06-22T12:08:19Z",
};

export default defineCase({
  provider: GitHub,
  id: "github",
  name: "GitHub",
  type: "oauth",
  hosts: ["github.com"],
  payload,
  user: {
    id: "583231",
    name: "The Octocat",
    email: "octocat@github.com",
    image: "https://avatars.githubusercontent.com/u/583231?v=4",
  },
  api: {
    tokens: { access_token: "gho_16C7e42F292c6912E7710c838347Ae178B4a", token_type: "bearer" },
    answers: { "GET api.github.com/user": payload },
    check(requests) {
      // A profile that has its email needs no /user/emails request.
      expect(requests.map((r) => r.path)).toEqual(["/user"]);
    },
  },
});
