import { expect } from "vitest";
import Mailru from "../../../../src/providers/mailru.js";
import { defineCase } from "../case.js";

const payload = {
  id: "123456789",
  client_id: "7a1b2c3d4e5f",
  gender: "m",
  name: "Иван Иванов",
  nickname: "ivan",
  locale: "ru_RU",
  first_name: "Иван",
  last_name: "Иванов",
  birthday: "01.02.1990",
  email: "ivan@mail.ru",
  image: "https://filin.mail.ru/pic?d=abc&width=180&height=180",
};

export default defineCase({
  provider: Mailru,
  id: "mailru",
  name: "Mail.ru",
  type: "oauth",
  hosts: ["mail.ru"],
  payload,
  user: { id: "123456789", name: "Иван Иванов", email: "ivan@mail.ru", image: payload.image },
  api: {
    tokens: { access_token: "c3c2f8b5a1d0e9f7", token_type: "bearer" },
    answers: { "GET oauth.mail.ru/userinfo": payload },
    check([request]) {
      expect(request.query.get("access_token")).toBe("c3c2f8b5a1d0e9f7");
    },
  },
});
