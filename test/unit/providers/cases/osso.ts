import Osso from "../../../../src/providers/osso.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Osso,
  id: "osso",
  name: "Osso",
  type: "oauth",
  options: { issuer: "https://demo.ossoapp.com/" },
  baseOption: "issuer",
  hosts: ["demo.ossoapp.com"],
  payload: {
    id: "b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e",
    email: "user@example.com",
    idp: "Okta",
    requested: { domain: "example.com" },
  },
  user: { id: "b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e", name: null, email: "user@example.com", image: null },
});
