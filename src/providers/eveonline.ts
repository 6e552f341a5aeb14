import { brandStyle } from "../config/providers/logos.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** EVE SSO's `GET /oauth/verify`. EVE shares no email address. */
export interface EVEOnlineProfile extends Profile {
  CharacterID: number;
  CharacterName: string;
  ExpiresOn: string;
  Scopes: string;
  TokenType: "Character";
  CharacterOwnerHash: string;
  IntellectualProperty: "EVE";
}

/** EVE Online SSO requires `state`. */
export default function EVEOnline(
  options: Partial<OAuthProviderConfig<EVEOnlineProfile>> = {},
): OAuthProviderConfig<EVEOnlineProfile> {
  return {
    id: "eveonline",
    name: "EVE Online",
    type: "oauth",
    authorization: "https://login.eveonline.com/v2/oauth/authorize",
    token: "https://login.eveonline.com/v2/oauth/token",
    userinfo: "https://login.eveonline.com/oauth/verify",
    checks: ["state"],
    profile(profile) {
      return {
        id: String(profile.CharacterID),
        name: profile.CharacterName,
        email: null,
        image: `https://images.evetech.net/characters/${profile.CharacterID}/portrait?size=128`,
      };
    },
    style: brandStyle("EVE", "#1B1B1B"),
    options,
  };
}
