import Naver from "../../../../src/providers/naver.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Naver,
  id: "naver",
  name: "Naver",
  type: "oauth",
  hosts: ["naver.com"],
  payload: {
    resultcode: "00",
    message: "success",
    response: {
      email: "openapi@naver.com",
      nickname: "OpenAPI",
      profile_image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
      age: "40-49",
      gender: "F",
      id: "32742776",
      name: "오픈 API",
      birthday: "10-01",
      birthyear: "1900",
      mobile: "010-0000-0000",
    },
  },
  user: {
    id: "32742776",
    name: "OpenAPI",
    email: "openapi@naver.com",
    image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
  },
});
