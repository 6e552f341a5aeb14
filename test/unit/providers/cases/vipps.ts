import Vipps from "../../../../src/providers/vipps.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Vipps,
  id: "vipps",
  name: "Vipps",
  type: "oidc",
  issuer: "https://api.vipps.no/access-management-1.0/access/",
  payload: {
    sub: "c06c4afe-d9e1-4c5d-939a-177d752a0944",
    sid: "7d78a726-af92-499e-b857-de263ef9a969",
    name: "Ada Lovelace",
    given_name: "Ada",
    family_name: "Lovelace",
    email: "ada.lovelace@example.com",
    email_verified: true,
    phone_number: "4712345678",
  },
  user: { id: "c06c4afe-d9e1-4c5d-939a-177d752a0944", name: "Ada Lovelace", email: "ada.lovelace@example.com", image: null },
});
