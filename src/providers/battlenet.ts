import { oidcMethod } from "../flows/oauth/oidc.js";
import { brandMark } from "../config/providers/logos.js";
import { battlenetMark } from "./brand-marks.js";
import type { IDTokenClaims } from "./claims.js";
import { signInMethod, type OAuthProviderConfig } from "../config/providers/types.js";

/** The claims of a Battle.net ID token. Battle.net shares no email address. */
export interface BattleNetProfile extends IDTokenClaims {
  azp: string;
  battle_tag: string;
}

/** The issuers of Battle.net's regions. */
export type BattleNetIssuer =
  | "https://oauth.battle.net"
  | "https://oauth.battlenet.com.cn"
  | "https://www.battlenet.com.cn/oauth"
  | `https://${"us" | "eu" | "kr" | "tw"}.battle.net/oauth`;

/** Battle.net. The default issuer serves every region but China, whose is `https://oauth.battlenet.com.cn`. */
export default function BattleNet(
  options: Partial<OAuthProviderConfig<BattleNetProfile>> = {},
): OAuthProviderConfig<BattleNetProfile> {
  return {
    id: "battlenet",
    name: "Battle.net",
    type: "oidc",
    [signInMethod]: oidcMethod,
    issuer: "https://oauth.battle.net",
    profile(profile) {
      return { id: profile.sub, name: profile.battle_tag, email: null, image: null };
    },
    style: brandMark(battlenetMark, "#148EFF", "#000"),
    options,
  };
}
