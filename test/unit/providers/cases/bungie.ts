import { expect } from "vitest";
import Bungie from "../../../../src/providers/bungie.js";
import { defineCase } from "../case.js";

const payload = {
  Response: {
    destinyMemberships: [{ membershipId: "4611686018467284386", membershipType: 3, displayName: "Guardian" }],
    primaryMembershipId: "4611686018467284386",
    bungieNetUser: {
      membershipId: "14495860",
      uniqueName: "Guardian#1234",
      displayName: "Guardian",
      profilePicture: 70555,
      profilePicturePath: "/img/profile/avatars/HaloRingcopy.gif",
      firstAccess: "2015-09-14T22:15:33.71Z",
      lastUpdate: "2024-02-02T18:00:00Z",
      locale: "en",
    },
  },
  ErrorCode: 1,
  ThrottleSeconds: 0,
  ErrorStatus: "Success",
  Message: "Ok",
  MessageData: {},
};

export default defineCase({
  provider: Bungie,
  id: "bungie",
  name: "Bungie",
  type: "oauth",
  options: { apiKey: "f4c9b0a1d2e34b5c8a7f6e5d4c3b2a10" },
  hosts: ["bungie.net"],
  payload,
  user: {
    id: "14495860",
    name: "Guardian",
    email: null,
    image: "https://www.bungie.net/img/profile/avatars/HaloRingcopy.gif",
  },
  api: {
    tokens: { access_token: "CO3tARKGAgAgRq", token_type: "Bearer", membership_id: "14495860" },
    answers: { "GET www.bungie.net/Platform/User/GetMembershipsForCurrentUser/": payload },
    check([request]) {
      expect(request.headers.get("x-api-key")).toBe("f4c9b0a1d2e34b5c8a7f6e5d4c3b2a10");
    },
  },
});
