import AzureADB2C from "../../../../src/providers/azure-ad-b2c.js";
import { defineCase } from "../case.js";

const issuer = "https://contoso.b2clogin.com/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0/";

export default defineCase({
  provider: AzureADB2C,
  id: "azure-ad-b2c",
  name: "Azure AD B2C",
  type: "oidc",
  options: { issuer },
  issuer,
  payload: {
    exp: 1700003600,
    nbf: 1700000000,
    ver: "1.0",
    iss: issuer,
    sub: "c6c5a1f1-5b4e-4d3c-9a2b-1f0e9d8c7b6a",
    aud: "90c0fe63-bcf2-44d5-8fb7-b8bbc0b29dc6",
    nonce: "defaultNonce",
    iat: 1700000000,
    auth_time: 1700000000,
    idp: "LocalAccount",
    name: "Chris Green",
    given_name: "Chris",
    family_name: "Green",
    emails: ["chris.green@contoso.example", "chris@home.example"],
    tfp: "B2C_1_signupsignin1",
  },
  user: { id: "c6c5a1f1-5b4e-4d3c-9a2b-1f0e9d8c7b6a", name: "Chris Green", email: "chris.green@contoso.example", image: null },
});
