import { expect } from "vitest";
import Notion from "../../../../src/providers/notion.js";
import { defineCase } from "../case.js";

const payload = {
  object: "user",
  id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
  name: "Avocado Lovelace",
  avatar_url: "https://s3-us-west-2.amazonaws.com/public.notion-static.com/e6a352a8/avocado.png",
  type: "person",
  person: { email: "avo@example.org" },
};

export default defineCase({
  provider: Notion,
  id: "notion",
  name: "Notion",
  type: "oauth",
  hosts: ["notion.com"],
  payload,
  user: {
    id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
    name: "Avocado Lovelace",
    email: "avo@example.org",
    image: "https://s3-us-west-2.amazonaws.com/public.notion-static.com/e6a352a8/avocado.png",
  },
  api: {
    tokens: { access_token: "secret_e7FwxzQ8", token_type: "bearer", bot_id: "b3414d659-1224-5ty7-6ffr-cc9d8773ffd0" },
    answers: {
      "GET api.notion.com/v1/users/me": {
        object: "user",
        id: "b3414d659-1224-5ty7-6ffr-cc9d8773ffd0",
        type: "bot",
        name: "Sekisho sign-in",
        avatar_url: null,
        bot: { owner: { type: "user", user: payload }, workspace_name: "Avocado's Notion" },
      },
    },
    check([request]) {
      expect(request.headers.get("notion-version")).toBe("2022-06-28");
    },
  },
});
