import { expect } from "vitest";
import Mailchimp from "../../../../src/providers/mailchimp.js";
import { defineCase } from "../case.js";

const payload = {
  dc: "us1",
  role: "owner",
  accountname: "Freddie's Jokes",
  user_id: 42,
  login: {
    email: "freddie@example.com",
    avatar: null,
    login_id: 48151623,
    login_name: "freddie",
    login_email: "freddie@example.com",
  },
  login_url: "https://login.mailchimp.com",
  api_endpoint: "https://us1.api.mailchimp.com",
};

export default defineCase({
  provider: Mailchimp,
  id: "mailchimp",
  name: "Mailchimp",
  type: "oauth",
  hosts: ["mailchimp.com"],
  payload,
  user: { id: "48151623", name: "Freddie's Jokes", email: "freddie@example.com", image: null },
  api: {
    tokens: { access_token: "5c6ccc561059aa386da9d112215bae55", token_type: "bearer" },
    answers: { "GET login.mailchimp.com/oauth2/metadata": payload },
    check([request]) {
      expect(request.headers.get("authorization")).toBe("OAuth 5c6ccc561059aa386da9d112215bae55");
    },
  },
});
