import { expect } from "vitest";
import Foursquare from "../../../../src/providers/foursquare.js";
import { defineCase } from "../case.js";

const payload = {
  meta: { code: 200, requestId: "5ac51d7e6a607143d811cecb" },
  response: {
    user: {
      id: "1234567",
      firstName: "Jimmy",
      lastName: "Foursquare",
      gender: "male",
      relationship: "self",
      photo: { prefix: "https://fastly.4sqi.net/img/user/", suffix: "/1234567-ABCDEFG.jpg" },
      homeCity: "New York, NY",
      contact: { email: "jimmy@example.com" },
    },
  },
};

export default defineCase({
  provider: Foursquare,
  id: "foursquare",
  name: "Foursquare",
  type: "oauth",
  hosts: ["foursquare.com"],
  payload,
  user: {
    id: "1234567",
    name: "Jimmy Foursquare",
    email: "jimmy@example.com",
    image: "https://fastly.4sqi.net/img/user/original/1234567-ABCDEFG.jpg",
  },
  api: {
    tokens: { access_token: "FSQ3XKTQ0NCQ", token_type: "bearer" },
    answers: { "GET api.foursquare.com/v2/users/self": payload },
    check([request]) {
      expect(request.query.get("oauth_token")).toBe("FSQ3XKTQ0NCQ");
      expect(request.query.get("v")).toMatch(/^\d{8}$/);
    },
  },
});
