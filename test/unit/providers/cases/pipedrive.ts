import Pipedrive from "../../../../src/providers/pipedrive.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Pipedrive,
  id: "pipedrive",
  name: "Pipedrive",
  type: "oauth",
  hosts: ["pipedrive.com"],
  payload: {
    success: true,
    data: {
      id: 7712345,
      name: "Paula Pipe",
      email: "paula@example.com",
      icon_url: "https://pipedrive-profile-pics.s3.example/7712345.png",
      lang: 1,
      locale: "en_US",
      timezone_name: "Europe/Tallinn",
      company_id: 9912345,
      company_name: "Pipe Co",
      company_domain: "pipeco",
      is_admin: 1,
      active_flag: true,
    },
  },
  user: { id: "7712345", name: "Paula Pipe", email: "paula@example.com", image: "https://pipedrive-profile-pics.s3.example/7712345.png" },
});
