import { expect } from "vitest";
import Nextcloud from "../../../../src/providers/nextcloud.js";
import { defineCase } from "../case.js";

const payload = {
  enabled: true,
  storageLocation: "/var/www/nextcloud/data/frank",
  id: "frank",
  lastLogin: 1700000000000,
  backend: "Database",
  email: "frank@example.com",
  displayname: "Frank K.",
  phone: "",
  website: "",
  groups: ["admin"],
  language: "de",
  locale: "de_DE",
};

export default defineCase({
  provider: Nextcloud,
  id: "nextcloud",
  name: "Nextcloud",
  type: "oauth",
  options: { issuer: "https://cloud.example.com" },
  baseOption: "issuer",
  hosts: ["cloud.example.com"],
  payload,
  user: { id: "frank", name: "Frank K.", email: "frank@example.com", image: "https://cloud.example.com/avatar/frank/512" },
  api: {
    tokens: { access_token: "nc-at-3Qx", token_type: "Bearer", user_id: "frank" },
    answers: {
      "GET cloud.example.com/ocs/v1.php/cloud/users/frank": {
        ocs: { meta: { status: "ok", statuscode: 100, message: "OK" }, data: payload },
      },
    },
    check([request]) {
      expect(request.headers.get("ocs-apirequest")).toBe("true");
    },
  },
});
