import { expect } from "vitest";
import Zoho from "../../../../src/providers/zoho.js";
import { defineCase } from "../case.js";

const payload = { First_Name: "Priya", Email: "priya@example.com", Last_Name: "Raman", Display_Name: "priya.raman", ZUID: 60012345678 };

export default defineCase({
  provider: Zoho,
  id: "zoho",
  name: "Zoho",
  type: "oauth",
  hosts: ["zoho.com"],
  payload,
  user: { id: "60012345678", name: "priya.raman", email: "priya@example.com", image: null },
  api: {
    tokens: { access_token: "1000.41d9f2cfbd1b7a8f9e314b7aff7bc2d1.8fcc9810810a216793f385b9dd6e125f", token_type: "Bearer" },
    answers: { "GET accounts.zoho.com/oauth/user/info": payload },
    check([request]) {
      expect(request.headers.get("authorization")).toMatch(/^Zoho-oauthtoken 1000\./);
    },
  },
});
