import Yandex from "../../../../src/providers/yandex.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Yandex,
  id: "yandex",
  name: "Yandex",
  type: "oauth",
  hosts: ["yandex.ru"],
  payload: {
    id: "1000034426",
    login: "ivan",
    client_id: "4760187d81bc4b7799476b42b5103713",
    display_name: "Ivan",
    real_name: "Ivan Ivanov",
    first_name: "Ivan",
    last_name: "Ivanov",
    sex: "male",
    default_email: "test@yandex.ru",
    emails: ["test@yandex.ru", "other-test@yandex.ru"],
    default_avatar_id: "131652443",
    is_avatar_empty: false,
    birthday: "1987-03-12",
    psuid: "1.AAceCw.tbHgw5DtJ9_zeqPrk-Ba2w.qPWSRC5v2t2IaksPJgnge",
  },
  user: {
    id: "1000034426",
    name: "Ivan",
    email: "test@yandex.ru",
    image: "https://avatars.yandex.net/get-yapic/131652443/islands-200",
  },
});
