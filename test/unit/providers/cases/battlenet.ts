import BattleNet from "../../../../src/providers/battlenet.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: BattleNet,
  id: "battlenet",
  name: "Battle.net",
  type: "oidc",
  issuer: "https://oauth.battle.net",
  payload: {
    iss: "https://oauth.battle.net",
    aud: "7b3b4a1f0e2d4c5b",
    azp: "7b3b4a1f0e2d4c5b",
    sub: "123456789",
    battle_tag: "Thrall#1234",
    iat: 1700000000,
    exp: 1700086400,
  },
  user: { id: "123456789", name: "Thrall#1234", email: null, image: null },
});
