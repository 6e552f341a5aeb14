import EVEOnline from "../../../../src/providers/eveonline.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: EVEOnline,
  id: "eveonline",
  name: "EVE Online",
  type: "oauth",
  hosts: ["eveonline.com"],
  payload: {
    CharacterID: 2112625428,
    CharacterName: "CCP Zoetrope",
    ExpiresOn: "2024-03-01T10:20:00",
    Scopes: "",
    TokenType: "Character",
    CharacterOwnerHash: "lLbnZq0d2eQ9Vb8aJ1nQz9XyK3o=",
    IntellectualProperty: "EVE",
  },
  user: {
    id: "2112625428",
    name: "CCP Zoetrope",
    email: null,
    image: "https://images.evetech.net/characters/2112625428/portrait?size=128",
  },
});
