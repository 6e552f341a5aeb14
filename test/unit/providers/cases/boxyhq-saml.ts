import BoxyHQSAML from "../../../../src/providers/boxyhq-saml.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: BoxyHQSAML,
  id: "boxyhq-saml",
  name: "BoxyHQ SAML",
  type: "oauth",
  options: { issuer: "https://jackson.example.com" },
  baseOption: "issuer",
  hosts: ["jackson.example.com"],
  payload: {
    id: "bXVyYWxpQGJveHloc",
    email: "jackson@example.com",
    firstName: "Samuel",
    lastName: "Jackson",
    roles: ["admin"],
    groups: ["engineering"],
    requested: { tenant: "example.com", product: "saml-demo.boxyhq.com", client_id: "tenant=example.com&product=saml-demo" },
  },
  user: { id: "bXVyYWxpQGJveHloc", name: "Samuel Jackson", email: "jackson@example.com", image: null },
});
