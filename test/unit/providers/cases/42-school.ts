import FortyTwo from "../../../../src/providers/42-school.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: FortyTwo,
  id: "42-school",
  name: "42 School",
  type: "oauth",
  hosts: ["intra.42.fr"],
  payload: {
    id: 2,
    email: "andre@42.fr",
    login: "andre",
    first_name: "André",
    last_name: "Aubin",
    usual_full_name: "Juliette Aubin",
    usual_first_name: "Juliette",
    url: "https://api.intra.42.fr/v2/users/andre",
    phone: "hidden",
    displayname: "André Aubin",
    kind: "admin",
    image: {
      link: "https://cdn.intra.42.fr/users/1234567890/andre.jpg",
      versions: {
        large: "https://cdn.intra.42.fr/users/1234567890/large_andre.jpg",
        medium: "https://cdn.intra.42.fr/users/1234567890/medium_andre.jpg",
        small: "https://cdn.intra.42.fr/users/1234567890/small_andre.jpg",
        micro: "https://cdn.intra.42.fr/users/1234567890/micro_andre.jpg",
      },
    },
    "staff?": false,
    correction_point: 4,
    pool_month: "july",
    pool_year: "2016",
    wallet: 0,
    created_at: "2017-11-22T13:41:00.825Z",
    updated_at: "2017-11-22T13:41:26.243Z",
    "alumni?": false,
    "active?": true,
  },
  user: { id: "2", name: "Juliette Aubin", email: "andre@42.fr", image: "https://cdn.intra.42.fr/users/1234567890/andre.jpg" },
});
