import VK from "../../../../src/providers/vk.js";
import { defineCase } from "../case.js";

const user = {
  id: 743784474,
  first_name: "Ivan",
  last_name: "Petrov",
  can_access_closed: true,
  is_closed: false,
  photo_100: "https://sun1-22.userapi.com/s/v1/ig2/abc.jpg?size=100x100&quality=96&crop=0,0,400,400&ava=1",
};
const tokens = { access_token: "vk1.a.Zq9xPo", token_type: "bearer", expires_in: 86400, user_id: 743784474, email: "ivan@example.ru" };

export default defineCase({
  provider: VK,
  id: "vk",
  name: "VK",
  type: "oauth",
  hosts: ["vk.com"],
  payload: { ...user, email: "ivan@example.ru" },
  tokens,
  user: { id: "743784474", name: "Ivan Petrov", email: "ivan@example.ru", image: user.photo_100 },
  api: { tokens, answers: { "GET api.vk.com/method/users.get": { response: [user] } } },
});
