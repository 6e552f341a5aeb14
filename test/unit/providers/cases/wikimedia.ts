import Wikimedia from "../../../../src/providers/wikimedia.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Wikimedia,
  id: "wikimedia",
  name: "Wikimedia",
  type: "oauth",
  hosts: ["wikimedia.org"],
  payload: {
    sub: "46618563",
    username: "Example User",
    editcount: 1532,
    confirmed_email: true,
    blocked: false,
    registered: "20150401123456",
    groups: ["*", "user", "autoconfirmed"],
    rights: ["read", "edit"],
    grants: ["basic", "mwoauth-authonlyprivate"],
    realname: "Example Person",
    email: "example@example.org",
  },
  user: { id: "46618563", name: "Example User", email: "example@example.org", image: null },
});
