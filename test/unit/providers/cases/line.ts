import Line from "../../../../src/providers/line.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Line,
  id: "line",
  name: "LINE",
  type: "oidc",
  issuer: "https://access.line.me",
  payload: {
    iss: "https://access.line.me",
    sub: "U1234567890abcdef1234567890abcdef",
    aud: "1234567890",
    exp: 1504169092,
    iat: 1504263657,
    nonce: "0987654asdf",
    amr: ["pwd"],
    name: "Taro Line",
    picture: "https://sample_line.me/aBcdefg123456",
    email: "taro.line@example.com",
  },
  user: {
    id: "U1234567890abcdef1234567890abcdef",
    name: "Taro Line",
    email: "taro.line@example.com",
    image: "https://sample_line.me/aBcdefg123456",
  },
});
