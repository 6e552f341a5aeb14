import BankIDNorway from "../../../../src/providers/bankid-no.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: BankIDNorway,
  id: "bankid-no",
  name: "BankID Norge",
  type: "oidc",
  issuer: "https://auth.bankid.no/auth/realms/prod",
  payload: {
    iss: "https://auth.bankid.no/auth/realms/prod",
    sub: "9578e6c7-3bd6-4e7e-a6a5-5b3f0f2d0c11",
    name: "Kari Nordmann",
    given_name: "Kari",
    family_name: "Nordmann",
    birthdate: "1986-05-17",
    email: "kari@example.no",
    bankid_altsub: "9578-6c7e",
  },
  user: { id: "9578e6c7-3bd6-4e7e-a6a5-5b3f0f2d0c11", name: "Kari Nordmann", email: "kari@example.no", image: null },
});
