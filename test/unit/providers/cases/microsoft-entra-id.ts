import MicrosoftEntraID from "../../../../src/providers/microsoft-entra-id.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: MicrosoftEntraID,
  id: "microsoft-entra-id",
  name: "Microsoft Entra ID",
  type: "oidc",
  issuer: "https://login.microsoftonline.com/common/v2.0",
  payload: {
    ver: "2.0",
    iss: "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0",
    sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
    aud: "6cb04018-a3f5-46a7-b995-940c78f5aef3",
    exp: 1536361411,
    iat: 1536274711,
    nbf: 1536274711,
    name: "Abe Lincoln",
    preferred_username: "AbeLi@microsoft.com",
    oid: "00000000-0000-0000-66f3-3332eca7ea81",
    tid: "9188040d-6c67-4c5b-b112-36a304b66dad",
    email: "AbeLi@microsoft.com",
  },
  user: {
    id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
    name: "Abe Lincoln",
    email: "AbeLi@microsoft.com",
    image: null,
  },
});
