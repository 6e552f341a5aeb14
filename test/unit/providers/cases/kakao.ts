import Kakao from "../../../../src/providers/kakao.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Kakao,
  id: "kakao",
  name: "Kakao",
  type: "oauth",
  hosts: ["kakao.com"],
  payload: {
    id: 123456789,
    connected_at: "2022-04-11T01:45:28Z",
    properties: { nickname: "Ryan" },
    kakao_account: {
      profile_nickname_needs_agreement: false,
      profile_image_needs_agreement: false,
      profile: {
        nickname: "Ryan",
        thumbnail_image_url: "http://yyy.kakao.com/.../img_110x110.jpg",
        profile_image_url: "http://yyy.kakao.com/dn/.../img_640x640.jpg",
        is_default_image: false,
      },
      email_needs_agreement: false,
      is_email_valid: true,
      is_email_verified: true,
      email: "sample@sample.com",
    },
  },
  user: { id: "123456789", name: "Ryan", email: "sample@sample.com", image: "http://yyy.kakao.com/dn/.../img_640x640.jpg" },
});
