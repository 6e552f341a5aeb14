import { expect } from "vitest";
import Trakt from "../../../../src/providers/trakt.js";
import { defineCase } from "../case.js";

const payload = {
  username: "sean",
  private: false,
  name: "Sean Rudford",
  vip: true,
  vip_ep: true,
  ids: { slug: "sean", uuid: "d6d2e6b4-0c1a-4a47-8d1e-8b9d5b6e6f7a" },
  joined_at: "2010-09-25T17:49:25.000Z",
  location: "SF",
  about: "I have all your cassette tapes.",
  gender: "male",
  age: 35,
  images: { avatar: { full: "https://walter.trakt.tv/images/users/000/000/001/avatars/large/0ba3f72910.jpg" } },
};

export default defineCase({
  provider: Trakt,
  id: "trakt",
  name: "Trakt",
  type: "oauth",
  options: { clientId: "9b36d8c0db59eff5038aea7a417d73e69aea75b41aac771816d2ef1b3109cc2f" },
  hosts: ["trakt.tv"],
  payload,
  user: { id: "sean", name: "Sean Rudford", email: null, image: payload.images.avatar.full },
  api: {
    tokens: { access_token: "dbaf9757982a9e738f05d249b7b5b4a266b3a139049317c4909f2f263572c781", token_type: "bearer" },
    answers: { "GET api.trakt.tv/users/me": payload },
    check([request]) {
      expect(request.headers.get("trakt-api-version")).toBe("2");
      expect(request.headers.get("trakt-api-key")).toBe("9b36d8c0db59eff5038aea7a417d73e69aea75b41aac771816d2ef1b3109cc2f");
      expect(request.query.get("extended")).toBe("full");
    },
  },
});
